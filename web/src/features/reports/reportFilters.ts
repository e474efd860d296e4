import type { Dayjs } from 'dayjs';
import type { DateRange } from '../../lib/dates';
import { rangeBackFromToday, toApiDate, utcNow } from '../../lib/dates';
import { dateRangeParam, textParam } from '../../lib/listParams';
import type { ListSort } from '../../lib/listSort';
import { sortParam, sortQuery } from '../../lib/listSort';
import type { ListSpec } from '../../lib/useListState';
import type { ReportQuery } from './reportApi';

/** The filters of the bonus and exchange reports. */
export interface ReportFilters {
  range: DateRange;
  /** Part of the user's email ('' = every user). */
  user: string;
  /** The page's order; none: newest first. */
  sort?: ListSort;
}

/** The reports' default filters: two years ago at the start of the day to the end of today, every user. */
export function defaultReportFilters(now: Dayjs = utcNow()): ReportFilters {
  return { range: rangeBackFromToday(2, 'year', now), user: '' };
}

/** The reports' filters in the URL, as the list calls name them: `minDate` and `maxDate` (whole days), `user`, `sort`, `order`. */
export const REPORT_LIST: ListSpec<ReportFilters> = {
  params: { range: dateRangeParam({ wholeDays: true }), user: textParam('user'), sort: sortParam() },
  defaults: defaultReportFilters,
};

/** The CSV call's query (the list's without paging). */
export function reportCsvQuery({ range, user }: ReportFilters): ReportQuery {
  return { minDate: toApiDate(range[0]), maxDate: toApiDate(range[1]), user };
}

/** The list call's query for one page. */
export function reportListQuery(filters: ReportFilters, page: number, pageSize: number): ReportQuery {
  return { page, maxPerPage: pageSize, ...reportCsvQuery(filters), ...sortQuery(filters.sort) };
}
