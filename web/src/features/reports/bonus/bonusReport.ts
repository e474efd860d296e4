import { apiDownload, apiGet } from '../../../lib/api';
import type { GetReply } from '../../../lib/apiTypes';
import type { ReportSource } from '../reportApi';

/** A row of the bonus report (GET /api/admin/wallets/report), as docs/openapi.json has it; `kind` is 'inviter' or 'invited'. */
export type BonusRow = GetReply<'/api/admin/wallets/report'>['reports'][number];

export const BONUS_REPORT: ReportSource<BonusRow> = {
  name: 'bonus',
  page: async (query, signal) => {
    const reply = await apiGet('/api/admin/wallets/report', { params: { query }, signal });
    return { rows: reply.reports, total: reply.total_items };
  },
  csv: (query) => apiDownload('/api/admin/wallets/report/CSV', { params: { query } }),
};
