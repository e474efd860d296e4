import { queryOptions } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import { apiGet } from '../../../lib/api';
import type { DateRange } from '../../../lib/dates';
import { dayjs, toApiDate } from '../../../lib/dates';

/** The Users card (GET /api/admin/users/accounting). */
export interface UserAccounting {
  /** All time. */
  total_registered: number;
  /** All time. */
  total_verified: number;
  /** USD of every customer wallet now. */
  total_users_assets: string;
  /** Registered within the range. */
  total_registration: number;
  /** Verified within the range. */
  total_verified_last: number;
}

interface Flow {
  count: number;
  usd_balance: string;
}

/** The Financial Reports card (GET /api/admin/transactions/accounting); amounts are USD decimal strings. */
export interface FinancialAccounting {
  total_customers_credit: string;
  total_current_balance: string;
  total_income: Flow;
  total_outcome: Flow;
  paid_bonuses: string;
  allocated_bonus_wallets: { details: { users: number; bonuses: string } };
  total_revenue_earned_by_send: string;
}

/** The accounting screen's default range: one week before now until the end of today. */
export function defaultAccountingRange(now: Dayjs = dayjs()): DateRange {
  return [now.subtract(1, 'week'), now.endOf('day')];
}

function accountingQuery<T>(kind: 'users' | 'transactions', range: DateRange) {
  const query = { minDate: toApiDate(range[0]), maxDate: toApiDate(range[1]) };
  return queryOptions({
    queryKey: ['reports', 'accounting', kind, query],
    queryFn: async ({ signal }) =>
      (await apiGet<{ accounting: T }>(`/admin/${kind}/accounting`, query, { signal })).accounting,
  });
}

export const userAccountingQuery = (range: DateRange) => accountingQuery<UserAccounting>('users', range);
export const financialAccountingQuery = (range: DateRange) => accountingQuery<FinancialAccounting>('transactions', range);
