import type { Dayjs } from 'dayjs';
import type { DateRange } from '../../lib/dates';
import { rangeBackFromToday, toApiDate, utcNow } from '../../lib/dates';
import { dateRangeParam, enumParam, idParam, textParam } from '../../lib/listParams';
import type { ListSort } from '../../lib/listSort';
import { sortParam, sortQuery } from '../../lib/listSort';
import type { ListSpec } from '../../lib/useListState';
import type { HistoryQuery, Network, TransactionType } from './types';

/** Every transaction type of the document, and only those (a type the server adds fails `tsc` here), as labelled. */
export const TYPE_LABELS: Record<TransactionType, string> = { received: 'Received', sent: 'Sent' };
/** Every network of the document, and only those, as labelled. */
export const NETWORK_LABELS: Record<Network, string> = { main: 'Main', test: 'Testnet' };

export const TRANSACTION_TYPES = Object.keys(TYPE_LABELS) as TransactionType[];
const NETWORKS = Object.keys(NETWORK_LABELS) as Network[];

/** The type filter's choices: all types, then each. */
export const TYPE_OPTIONS = [
  { value: 'all', label: 'All Types' },
  ...TRANSACTION_TYPES.map((value) => ({ value, label: TYPE_LABELS[value] })),
];

/** What the History filters hold; `undefined` coin or type means all of them. */
export interface HistoryFilters {
  coinType?: number;
  type?: TransactionType;
  network: Network;
  range: DateRange;
  /** The start of a hash: the hash search replaces the list (at most one of hash, email and address is set). */
  q?: string;
  /** The customer's whole email. */
  email?: string;
  /** An address sent to, or one of the wallet's own. */
  address?: string;
  /** The page's order; none: newest first. */
  sort?: ListSort;
}

/** The history's default filters: one month ago at midnight to the end of today, all coins and types, network main. */
export function defaultHistoryFilters(now: Dayjs = utcNow()): HistoryFilters {
  return { network: 'main', range: rangeBackFromToday(1, 'month', now) };
}

/**
 * History's filters in the URL, as the list call names them: `coinType`, `type`, `network`, `minDate`, `maxDate`,
 * `email`, `address`, `sort` and `order`; and `q`, the hash searched for.
 */
export const HISTORY_LIST: ListSpec<HistoryFilters> = {
  params: {
    coinType: idParam('coinType'),
    type: enumParam('type', TRANSACTION_TYPES),
    network: enumParam('network', NETWORKS),
    range: dateRangeParam(),
    q: textParam('q'),
    email: textParam('email'),
    address: textParam('address'),
    sort: sortParam(),
  },
  defaults: defaultHistoryFilters,
};

/** The filter part of the list and CSV calls (dates in UTC, `YYYY-MM-DD HH:mm:ss`). */
export function toCsvQuery(filters: HistoryFilters): HistoryQuery {
  return {
    minDate: toApiDate(filters.range[0]),
    maxDate: toApiDate(filters.range[1]),
    coinType: filters.coinType,
    type: filters.type,
    network: filters.network,
    email: filters.email,
    address: filters.address,
  };
}

/** GET /api/admin/transactions/history's query for one page. */
export function toListQuery(filters: HistoryFilters, page: number, pageSize: number): HistoryQuery {
  return { page, maxPerPage: pageSize, ...toCsvQuery(filters), ...sortQuery(filters.sort) };
}

/** What History searches by: the start of a hash, the customer's email or an address. */
export type SearchKind = 'hash' | 'email' | 'address';

/** What the URL searches for: at most one of the hash (`q`), the email and the address. */
export function historySearchOf(filters: HistoryFilters): { kind: SearchKind; text: string } {
  if (filters.q) return { kind: 'hash', text: filters.q };
  if (filters.email) return { kind: 'email', text: filters.email };
  if (filters.address) return { kind: 'address', text: filters.address };
  return { kind: 'hash', text: '' };
}
