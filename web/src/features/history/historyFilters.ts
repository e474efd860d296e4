import type { Dayjs } from 'dayjs';
import type { Query } from '../../lib/api';
import type { DateRange } from '../../lib/dates';
import { rangeBackFromToday, toApiDate, utcNow } from '../../lib/dates';
import { dateRangeParam, enumParam, idParam } from '../../lib/listParams';
import type { ListSpec } from '../../lib/useListState';
import type { Network, TransactionType } from './types';

export const TRANSACTION_TYPES: readonly TransactionType[] = ['received', 'sent'];
const NETWORKS: readonly Network[] = ['main', 'test'];

/** What the History filters hold; `undefined` coin or type means all of them. */
export interface HistoryFilters {
  coinType?: number;
  type?: TransactionType;
  network: Network;
  range: DateRange;
}

/** The history's default filters: one month ago at midnight to the end of today, all coins and types, network main. */
export function defaultHistoryFilters(now: Dayjs = utcNow()): HistoryFilters {
  return { network: 'main', range: rangeBackFromToday(1, 'month', now) };
}

/** History's filters in the URL: `coinType`, `type`, `network`, `minDate` and `maxDate`, as the list call names them. */
export const HISTORY_LIST: ListSpec<HistoryFilters> = {
  params: {
    coinType: idParam('coinType'),
    type: enumParam('type', TRANSACTION_TYPES),
    network: enumParam('network', NETWORKS),
    range: dateRangeParam(),
  },
  defaults: defaultHistoryFilters,
};

/** The filter part of the list and CSV calls (dates in UTC, `YYYY-MM-DD HH:mm:ss`). */
export function toCsvQuery(filters: HistoryFilters): Query {
  return {
    minDate: toApiDate(filters.range[0]),
    maxDate: toApiDate(filters.range[1]),
    coinType: filters.coinType,
    type: filters.type,
    network: filters.network,
  };
}

/** GET /api/admin/transactions/history's query for one page. */
export function toListQuery(filters: HistoryFilters, page: number, pageSize: number): Query {
  return { page, maxPerPage: pageSize, ...toCsvQuery(filters) };
}
