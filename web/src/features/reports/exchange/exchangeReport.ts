import type { ReportSource } from '../reportApi';

/** A row of the exchange report (GET /api/admin/exchange/history). */
export interface ExchangeRow {
  id: number;
  user: { id: number; email: string };
  fromWallet: { coinType: { symbol: string } };
  toWallet: { coinType: { symbol: string } };
  exchangeRate: string;
  formatedExchangeRate: string;
  fromAmount: string;
  toAmount: string;
  fee: string;
  formatedFromAmount: string;
  formatedToAmount: string;
  created_at: string;
}

export const EXCHANGE_REPORT: ReportSource<'report'> = { name: 'exchange', path: '/admin/exchange/history', listKey: 'report' };
