import { apiDownload, apiGet } from '../../../lib/api';
import type { GetReply } from '../../../lib/apiTypes';
import type { ReportSource } from '../reportApi';

/** A row of the exchange report (GET /api/admin/exchange/history), as docs/openapi.json has it. */
export type ExchangeRow = GetReply<'/api/admin/exchange/history'>['report'][number];

export const EXCHANGE_REPORT: ReportSource<ExchangeRow> = {
  name: 'exchange',
  page: async (query, signal) => {
    const reply = await apiGet('/api/admin/exchange/history', { params: { query }, signal });
    return { rows: reply.report, total: reply.total_items };
  },
  csv: (query) => apiDownload('/api/admin/exchange/history/CSV', { params: { query } }),
};
