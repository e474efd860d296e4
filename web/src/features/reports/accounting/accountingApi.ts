import { queryOptions } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import { apiGet } from '../../../lib/api';
import type { GetReply } from '../../../lib/apiTypes';
import type { DateRange } from '../../../lib/dates';
import { rangeBackFromToday, toApiDate, utcNow } from '../../../lib/dates';

/**
 * The Users card (GET /api/admin/users/accounting), generated from docs/openapi.json: `total_registered` and
 * `total_verified` are all time, `total_registration` and `total_verified_last` within the range,
 * `total_users_assets` the USD of every customer wallet now.
 */
export type UserAccounting = GetReply<'/api/admin/users/accounting'>['accounting'];

/** The Financial Reports card (GET /api/admin/transactions/accounting); amounts are USD decimal strings. */
export type FinancialAccounting = GetReply<'/api/admin/transactions/accounting'>['accounting'];

/** The accounting screen's default range: from the UTC midnight one week back until the end of today. */
export function defaultAccountingRange(now: Dayjs = utcNow()): DateRange {
  return rangeBackFromToday(1, 'week', now);
}

/** The two accounting calls' query: `GET /api/admin/{users,transactions}/accounting` → `{accounting}`. */
function accountingQuery(range: DateRange) {
  return { minDate: toApiDate(range[0]), maxDate: toApiDate(range[1]) };
}

export function userAccountingQuery(range: DateRange) {
  const query = accountingQuery(range);
  return queryOptions({
    queryKey: ['reports', 'accounting', 'users', query],
    queryFn: async ({ signal }) =>
      (await apiGet('/api/admin/users/accounting', { params: { query }, signal })).accounting,
  });
}

export function financialAccountingQuery(range: DateRange) {
  const query = accountingQuery(range);
  return queryOptions({
    queryKey: ['reports', 'accounting', 'transactions', query],
    queryFn: async ({ signal }) =>
      (await apiGet('/api/admin/transactions/accounting', { params: { query }, signal })).accounting,
  });
}
