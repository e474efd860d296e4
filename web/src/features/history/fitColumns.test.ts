import { describe, expect, it } from 'vitest';
import { fitColumns } from './fitColumns';
import { ALL_TRANSACTION_COLUMNS, transactionTableWidth } from './transactionColumns';

describe('fitColumns', () => {
  const all = ALL_TRANSACTION_COLUMNS;
  const fit = (width: number) => fitColumns(all, width, transactionTableWidth);

  it('keeps every column when they fit, or before the width is known', () => {
    expect(fit(transactionTableWidth(all))).toEqual(all);
    expect(fit(0)).toEqual(all);
  });

  it('gives up the address, the wallet, then the fees, then the type, never a key column', () => {
    expect(fit(transactionTableWidth(all) - 1)).not.toContain('address');
    expect(fit(transactionTableWidth(all) - 1)).toContain('wallet');
    expect(fit(1010)).toEqual(['date', 'user', 'coin', 'type', 'amount', 'fee', 'status', 'hash']);
    expect(fit(300)).toEqual(['date', 'user', 'coin', 'amount', 'status', 'hash']);
  });

  it('fits what it keeps, down to the key columns', () => {
    for (const width of [1200, 1000, 900, 800]) {
      const kept = fit(width);
      const keyOnly = kept.length === 6;
      expect(keyOnly || transactionTableWidth(kept) <= width).toBe(true);
    }
  });
});
