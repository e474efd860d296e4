import { queryOptions } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import { apiGet } from '../../../lib/api';
import type { components } from '../../../lib/api.gen';
import type { GetReply } from '../../../lib/apiTypes';
import type { DateRange } from '../../../lib/dates';
import { rangeBackFromToday, toApiDate, utcNow } from '../../../lib/dates';

/**
 * The Users card (GET /api/admin/users/accounting), generated from docs/openapi.json: `total_registered` and
 * `total_verified` are all time, `total_registration` and `total_verified_last` within the range,
 * `total_users_assets` the USD of every customer wallet now.
 */
export type UserAccounting = components['schemas']['StatsUserAccounting'];

/** The Financial Reports card (GET /api/admin/transactions/accounting); amounts are USD decimal strings. */
export type FinancialAccounting = components['schemas']['StatsFinancialAccounting'];

/** The two accounting calls' replies: `GET /api/admin/{kind}/accounting` → `{accounting}`. */
interface AccountingReplies {
  users: GetReply<'/api/admin/users/accounting'>;
  transactions: GetReply<'/api/admin/transactions/accounting'>;
}

/** The accounting screen's default range: from the UTC midnight one week back until the end of today. */
export function defaultAccountingRange(now: Dayjs = utcNow()): DateRange {
  return rangeBackFromToday(1, 'week', now);
}

function accountingQuery<K extends keyof AccountingReplies>(kind: K, range: DateRange) {
  const query = { minDate: toApiDate(range[0]), maxDate: toApiDate(range[1]) };
  return queryOptions({
    queryKey: ['reports', 'accounting', kind, query],
    queryFn: async ({ signal }): Promise<AccountingReplies[K]['accounting']> =>
      (await apiGet<AccountingReplies[K]>(`/admin/${kind}/accounting`, query, { signal })).accounting,
  });
}

export const userAccountingQuery = (range: DateRange) => accountingQuery('users', range);
export const financialAccountingQuery = (range: DateRange) => accountingQuery('transactions', range);
