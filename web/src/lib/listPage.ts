/** The page sizes every paginated list offers (the pager's choice, `maxPerPage`); the first one is the default. */
export const PAGE_SIZES = [25, 50, 100] as const;

export type PageSize = (typeof PAGE_SIZES)[number];

/** A list's size in words: "1 record", "312 records". */
export function recordCount(total: number): string {
  return total === 1 ? '1 record' : `${total} records`;
}
