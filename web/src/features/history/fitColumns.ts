import type { TransactionColumn } from './transactionColumns';

/** The columns a narrow table gives up first, in this order; the others are History's key columns. */
export const OPTIONAL_COLUMNS: readonly TransactionColumn[] = ['address', 'wallet', 'networkFee', 'fee', 'type'];

/**
 * The columns that fit `width` pixels: all of them when they fit, else without the optional ones, dropped one by
 * one in OPTIONAL_COLUMNS's order until the rest fits (the key columns always stay: below their width the table
 * scrolls inside itself). A width of 0 (not measured yet) keeps every column.
 */
export function fitColumns(
  columns: readonly TransactionColumn[],
  width: number,
  widthOf: (columns: readonly TransactionColumn[]) => number,
): readonly TransactionColumn[] {
  if (width <= 0) return columns;
  let kept = columns;
  for (const optional of OPTIONAL_COLUMNS) {
    if (widthOf(kept) <= width) break;
    kept = kept.filter((c) => c !== optional);
  }
  return kept;
}
