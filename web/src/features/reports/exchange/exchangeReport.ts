import type { components } from '../../../lib/api.gen';
import type { ReportSource } from '../reportApi';

/** A row of the exchange report (GET /api/admin/exchange/history), generated from docs/openapi.json. */
export type ExchangeRow = components['schemas']['ReportsExchangeRow'];

export const EXCHANGE_REPORT: ReportSource<'report'> = { name: 'exchange', path: '/admin/exchange/history', listKey: 'report' };
