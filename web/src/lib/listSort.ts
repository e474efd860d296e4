/**
 * How a list page is sorted: by its date (the default, newest first) or by its amount, as the list calls' `sort`
 * and `order` parameters say. Kept in the URL like the filters. The CSV download is always newest first.
 */
import type { SorterResult } from 'antd/es/table/interface';
import type { TableColumnsType } from 'antd';
import type { FilterParam } from './listParams';

export type SortKey = 'created_at' | 'amount';

export interface ListSort {
  by: SortKey;
  asc: boolean;
}

const SORT_KEYS: readonly SortKey[] = ['created_at', 'amount'];

/** `sort` and `order` in the URL; the default (newest first) leaves both out. */
export function sortParam(): FilterParam<ListSort> {
  return {
    read: (get) => {
      const by = SORT_KEYS.find((key) => key === get('sort'));
      const order = get('order');
      if (!by && order !== 'asc') return undefined;
      return { by: by ?? 'created_at', asc: order === 'asc' };
    },
    write: (sort) => ({
      sort: sort && sort.by !== 'created_at' ? sort.by : undefined,
      order: sort?.asc ? 'asc' : undefined,
    }),
  };
}

/** The list call's `sort` and `order` (none: newest first). */
export function sortQuery(sort: ListSort | undefined): { sort?: SortKey; order?: 'asc' | 'desc' } {
  return { sort: sort?.by, order: sort ? (sort.asc ? 'asc' : 'desc') : undefined };
}

/**
 * `columns` with the ones named in `keys` (a column key to what it sorts by) sortable by the server: the current
 * order is marked on its column (the date's when none is chosen), and a click asks for the next one.
 */
export function sortableColumns<Row>(
  columns: TableColumnsType<Row>,
  keys: Partial<Record<string, SortKey>>,
  sort: ListSort | undefined,
): TableColumnsType<Row> {
  const current = sort ?? { by: 'created_at', asc: false };
  return columns.map((column) => {
    const by = column.key === undefined ? undefined : keys[String(column.key)];
    if (!by) return column;
    return {
      ...column,
      sorter: true,
      // Ant Design moves to the next entry after the current one; ending on 'descend' again means a click never
      // clears the order (no unsorted state: the server always sorts).
      sortDirections: ['descend', 'ascend', 'descend'],
      sortOrder: current.by === by ? (current.asc ? 'ascend' : 'descend') : null,
    };
  });
}

/** The sort a table's header click asks for (Table's onChange sorter), given the columns' keys. */
export function sortFromTable<Row>(
  sorter: SorterResult<Row> | SorterResult<Row>[],
  keys: Partial<Record<string, SortKey>>,
): ListSort | undefined {
  const one = Array.isArray(sorter) ? sorter[0] : sorter;
  const by = one?.columnKey === undefined ? undefined : keys[String(one.columnKey)];
  if (!by || !one?.order) return undefined;
  const sort = { by, asc: one.order === 'ascend' };
  return sort.by === 'created_at' && !sort.asc ? undefined : sort;
}
