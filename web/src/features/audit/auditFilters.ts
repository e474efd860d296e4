import type { Dayjs } from 'dayjs';
import type { DateRange } from '../../lib/dates';
import { rangeBackFromToday, toApiDate, utcNow } from '../../lib/dates';
import { dateRangeParam, textParam } from '../../lib/listParams';
import type { ListSpec } from '../../lib/useListState';
import type { AuditQuery } from './types';

/** The filters of the audit log. */
export interface AuditFilters {
  range: DateRange;
  /** Part of the actor's email ('' = anyone). */
  actor: string;
  /** An action (`role.update`), a family ending in '.' (`role.`), or '' for every action. */
  action: string;
}

/** Like History: one month ago at the start of the day to the end of today, anyone, every action. */
export function defaultAuditFilters(now: Dayjs = utcNow()): AuditFilters {
  return { range: rangeBackFromToday(1, 'month', now), actor: '', action: '' };
}

/** The audit log's filters in the URL: `minDate`, `maxDate`, `actor` and `action`, as the list call names them. */
export const AUDIT_LIST: ListSpec<AuditFilters> = {
  params: { range: dateRangeParam(), actor: textParam('actor'), action: textParam('action') },
  defaults: defaultAuditFilters,
};

/** The CSV call's query (the list's without paging). Empty filters are left out of the URL. */
export function auditCsvQuery({ range, actor, action }: AuditFilters): AuditQuery {
  return { minDate: toApiDate(range[0]), maxDate: toApiDate(range[1]), actor, action };
}

/** The list call's query for one page. */
export function auditListQuery(filters: AuditFilters, page: number, pageSize: number): AuditQuery {
  return { page, maxPerPage: pageSize, ...auditCsvQuery(filters) };
}
