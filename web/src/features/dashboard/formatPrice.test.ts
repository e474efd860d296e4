import { candleDayLabel } from './candles';
import { describe, expect, it } from 'vitest';
import { formatPrice } from './formatPrice';

describe('formatPrice', () => {
  it('shows dollars from $1 up and a 5-decimal rate below', () => {
    expect(formatPrice('67250.12')).toBe('$67,250.12');
    expect(formatPrice('1')).toBe('$1.00');
    expect(formatPrice('0.1234')).toBe('$0.12340');
  });
});

describe('candleDayLabel', () => {
  it('names the month on the first candle and on a 1st', () => {
    const days = ['2026-11-28', '2026-11-29', '2026-11-30', '2026-12-01', '2026-12-02'];
    expect(days.map((day, i) => candleDayLabel(day, i === 0))).toEqual(['28 Nov', '29', '30', '1 Dec', '2']);
  });
});
