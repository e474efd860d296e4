import type { CurrentUser } from '../session/types';

/** GET /api/admin/users/{id}. */
export interface ProfileUser extends CurrentUser {
  created_at: string;
}

/** GET /api/admin/users/brief/{id}: USD decimal strings and counts. */
export interface UserBrief {
  total_balance: string;
  total_income: string;
  total_outcome: string;
  xapa_exchange_fee: string;
  total_bonus: string;
  outcome_count: number;
  income_count: number;
  exchange_count: number;
}

/** A wallet of GET /api/admin/users/wallets/{id}. */
export interface Wallet {
  id: number;
  name: string;
  balance: string;
  formatedBalance: string;
  network: string;
  coinType: { id: number; name: string; symbol: string; icon: string };
  walletAddresses: { address: string }[];
  createdAt: string;
}

/** A session of GET /api/admin/users/sessions/{id}. */
export interface UserSession {
  id: number;
  kind: string;
  platform: string;
  deviceModel: string;
  IP: string;
  createdAt: string;
  /** Last seen. */
  updatedAt: string;
  revokedAt: string | null;
  first_device: boolean;
}

/** A node of GET /api/admin/users/invites/{id}: someone the user invited, and whom they invited (10 levels). */
export interface Invite {
  id: number;
  email: string;
  full_name: string;
  created_at: string;
  children: Invite[];
}
