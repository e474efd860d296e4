import { describe, expect, it } from 'vitest';
import {
  compareDecimals,
  formatCompact,
  formatCompactUsd,
  formatAmount,
  formatCoin,
  formatCount,
  formatDecimal,
  formatRate,
  formatUsd,
  multiplyDecimals,
  signOf,
  timesIsAtLeast,
} from './decimal';

describe('decimal helpers', () => {
  it('compares exactly', () => {
    expect(compareDecimals('0.1', '0.10')).toBe(0);
    expect(compareDecimals('-1.5', '1')).toBe(-1);
    expect(compareDecimals('100000000000000000000.000001', '100000000000000000000')).toBe(1);
    expect(signOf('0.00')).toBe(0);
    expect(signOf('-0.01')).toBe(-1);
  });

  it('multiplies exactly (no float drift at 1.15 × 100 = 115)', () => {
    expect(timesIsAtLeast('1.15', '100', '115')).toBe(true);
    expect(timesIsAtLeast('1.15', '100', '115.000001')).toBe(false);
    expect(timesIsAtLeast('1.1', '0.3', '0.33')).toBe(true);
  });

  it('multiplies to an exact product', () => {
    expect(multiplyDecimals('1.5', '0.25')).toBe('0.375');
    expect(multiplyDecimals('0.184520', '67250.12')).toBe('12408.99214240');
    expect(multiplyDecimals('-2', '0.5')).toBe('-1.0');
    expect(multiplyDecimals('3', '7')).toBe('21');
    expect(multiplyDecimals('0.01', '0.01')).toBe('0.0001');
  });

  it('formats with rounding and grouping', () => {
    expect(formatDecimal('1234.5', 2)).toBe('1,234.50');
    expect(formatDecimal('0.0049', 2)).toBe('0.00');
    expect(formatDecimal('0.005', 2)).toBe('0.01');
    expect(formatDecimal('-2673.435', 2)).toBe('-2,673.44');
    expect(formatDecimal('7', 0)).toBe('7');
    expect(formatCoin('32.47095838')).toBe('32.470958');
    expect(formatUsd('38560393.56')).toBe('$38,560,393.56');
    expect(formatUsd('-3.1')).toBe('-$3.10');
    expect(formatRate('0.1234')).toBe('0.12340');
  });

  it('shows rates with 5 significant digits (TRX→BTC is not 0.00000)', () => {
    expect(formatRate('0.000001837')).toBe('0.0000018370');
    expect(formatRate('1.234567')).toBe('1.2346');
    expect(formatRate('65432.1')).toBe('65,432');
    expect(formatRate('123456.7')).toBe('123,457');
    expect(formatRate('-0.0123456')).toBe('-0.012346');
    expect(formatRate('0')).toBe('0.0000');
  });

  it("shows amounts to the coin's precision, trailing zeros trimmed, grouped", () => {
    expect(formatAmount('2825.031921000000000000', 6)).toBe('2,825.031921');
    expect(formatAmount('0.06503212', 8)).toBe('0.06503212');
    expect(formatAmount('1.50000000', 8)).toBe('1.5');
    expect(formatAmount('1000.000000', 6)).toBe('1,000');
    expect(formatAmount('0.0000004', 6)).toBe('0');
    expect(formatAmount('12345.6789', 2)).toBe('12,345.68');
  });

  it('writes counts as toLocaleString does for en-US', () => {
    for (const n of [0, 7, 999, 1000, 12345, 1234567, -1234567, 2 ** 53 - 1, 1.5, 1e21]) {
      expect(formatCount(n)).toBe(n.toLocaleString('en-US'));
    }
  });

  it('rejects what is not a decimal', () => {
    expect(() => formatCoin('abc')).toThrow();
    expect(() => formatCoin('')).toThrow();
  });
});

describe('formatCompact', () => {
  it('writes a chart label in a few characters', () => {
    expect([0, 7, 632.4, 999.6, 1000, 12345, 4_930_000, 39_300_000_000, -1500].map(formatCompact)).toEqual([
      '0', '7', '632', '1000', '1K', '12.3K', '4.9M', '39.3B', '-1.5K',
    ]);
    expect([formatCompactUsd('12345.67'), formatCompactUsd('0.00'), formatCompactUsd('-20')]).toEqual(['$12.3K', '$0', '-$20']);
  });
});
