/** How many numbered page links the pager shows at most: a page selector of 10 page links. */
export const PAGE_LINKS = 10;

/**
 * The pages whose links the pager shows: PAGE_LINKS consecutive pages around `page` (fewer only when there are
 * fewer pages), with the current page as near the middle as the ends allow.
 */
export function pageWindow(page: number, pages: number): number[] {
  const count = Math.min(PAGE_LINKS, Math.max(pages, 1));
  const first = Math.min(Math.max(page - Math.floor((PAGE_LINKS - 1) / 2), 1), Math.max(pages - count + 1, 1));
  return Array.from({ length: count }, (_, i) => first + i);
}
