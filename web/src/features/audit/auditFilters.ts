import type { Dayjs } from 'dayjs';
import type { Query } from '../../lib/api';
import type { DateRange } from '../../lib/dates';
import { dayjs, rangeBackFromToday, toApiDate } from '../../lib/dates';

/** The filters of the audit log. */
export interface AuditFilters {
  range: DateRange;
  /** Part of the actor's email ('' = anyone). */
  actor: string;
  /** An action (`role.update`), a family ending in '.' (`role.`), or '' for every action. */
  action: string;
}

/** Like History: one month ago at the start of the day to the end of today, anyone, every action. */
export function defaultAuditFilters(now: Dayjs = dayjs()): AuditFilters {
  return { range: rangeBackFromToday(1, 'month', now), actor: '', action: '' };
}

/** The CSV call's query (the list's without paging). Empty filters are left out of the URL. */
export function auditCsvQuery({ range, actor, action }: AuditFilters): Query {
  return { minDate: toApiDate(range[0]), maxDate: toApiDate(range[1]), actor, action };
}

/** The list call's query for one page. */
export function auditListQuery(filters: AuditFilters, page: number, pageSize: number): Query {
  return { page, maxPerPage: pageSize, ...auditCsvQuery(filters) };
}
