import type { components } from '../../../lib/api.gen';
import type { ReportSource } from '../reportApi';

/** A row of the bonus report (GET /api/admin/wallets/report), generated from docs/openapi.json; `kind` is 'inviter' or 'invited'. */
export type BonusRow = components['schemas']['ReportsBonusRow'];

export const BONUS_REPORT: ReportSource<'reports'> = { name: 'bonus', path: '/admin/wallets/report', listKey: 'reports' };
