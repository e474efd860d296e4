import type { ReportSource } from '../reportApi';

/** A row of the bonus report (GET /api/admin/wallets/report). */
export interface BonusRow {
  id: number;
  user: { id: number; email: string };
  invited_user: { id: number; email: string };
  bonusAmount: string;
  formatedBonusAmount: string;
  usdAmount: string;
  formatedUsdAmount: string;
  /** 'inviter' or 'invited'. */
  kind: string;
  bonusWallet: { coinType: { symbol: string } };
  created_at: string;
}

export const BONUS_REPORT: ReportSource<'reports'> = { name: 'bonus', path: '/admin/wallets/report', listKey: 'reports' };
