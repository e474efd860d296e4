/** The paging fields every list reply carries beside its list (docs/decisions/0011-one-shape-for-lists.md). */
export interface PageInfo {
  page: number;
  items_per_page: number;
  total_items: number;
  total_pages: number;
}

/** A list reply: the paging fields and the rows under `K` (e.g. `ListReply<'wallets', Wallet>`). */
export type ListReply<K extends string, Row> = PageInfo & { [P in K]: Row[] };

/** The page sizes every paginated list offers (the pager's choice, `maxPerPage`); the first one is the default. */
export const PAGE_SIZES = [25, 50, 100] as const;

export type PageSize = (typeof PAGE_SIZES)[number];

/** A list's size in words: "1 record", "312 records". */
export function recordCount(total: number): string {
  return total === 1 ? '1 record' : `${total} records`;
}
