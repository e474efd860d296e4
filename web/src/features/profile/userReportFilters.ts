import type { Dayjs } from 'dayjs';
import type { DateRange } from '../../lib/dates';
import { rangeBackFromToday, toApiDate, utcNow } from '../../lib/dates';
import { dateRangeParam, enumParam, idParam } from '../../lib/listParams';
import type { ListSpec } from '../../lib/useListState';
import { TRANSACTION_TYPES } from '../history/historyFilters';
import type { TransactionType } from '../history/types';
import type { UserReportQuery } from './profileApi';

/** The User Reports tab's filters; `undefined` coin or type means all of them. */
export interface UserReportFilters {
  coinType?: number;
  type?: TransactionType;
  range: DateRange;
}

/** The user report's default range starts two years back (start of day) and ends today. */
export function defaultUserReportFilters(now: Dayjs = utcNow()): UserReportFilters {
  return { range: rangeBackFromToday(2, 'year', now) };
}

/** The tab's filters in the URL, after `reports.` (the profile has other lists): coinType, type, minDate, maxDate. */
export const USER_REPORT_LIST: ListSpec<UserReportFilters> = {
  params: { coinType: idParam('coinType'), type: enumParam('type', TRANSACTION_TYPES), range: dateRangeParam() },
  defaults: defaultUserReportFilters,
  prefix: 'reports.',
};

export function userReportCsvQuery(f: UserReportFilters): UserReportQuery {
  return { coinType: f.coinType, minDate: toApiDate(f.range[0]), maxDate: toApiDate(f.range[1]), type: f.type };
}

export function userReportListQuery(f: UserReportFilters, page: number, pageSize: number): UserReportQuery {
  return { page, maxPerPage: pageSize, ...userReportCsvQuery(f) };
}
