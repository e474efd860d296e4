/** The dashboard's colour rules (candles, change percents, balances), on exact decimals (lib/decimal.ts). */
import { compareDecimals, signOf, timesIsAtLeast } from '../../lib/decimal';

export type CandleDirection = 'up' | 'down';
export type PercentTone = 'positive' | 'zero' | 'negative';
export type BalanceTone = 'blue' | 'orange' | 'red';

/**
 * The colours drawn for each tone (the chart needs values; cards use the same ones). Text tones are dark enough for
 * 4.5:1 on white (green-8, orange-8, blue-7, red-7 of Ant Design's palette); candles, shapes not text, keep the
 * brighter green.
 */
export const COLORS = {
  up: '#389e0d',
  down: '#cf1322',
  positive: '#237804',
  zero: '#ad4e00',
  negative: '#cf1322',
  blue: '#0958d9',
  orange: '#ad4e00',
  red: '#cf1322',
} as const;

/** A candle is green (up) when it closes at or above its open, else red. */
export function candleDirection(candle: { open: string; close: string }): CandleDirection {
  return compareDecimals(candle.close, candle.open) >= 0 ? 'up' : 'down';
}

/** A change percent is green above zero, orange at zero, red below. */
export function percentTone(percent: string): PercentTone {
  const sign = signOf(percent);
  return sign > 0 ? 'positive' : sign === 0 ? 'zero' : 'negative';
}

/** Company balance of a coin against the customers' balance of the same coin: 1.1× → blue, 1.15× → orange, else red. */
export function companyBalanceTone(company: string, customer: string): BalanceTone {
  if (timesIsAtLeast('1.1', company, customer)) return 'blue';
  if (timesIsAtLeast('1.15', company, customer)) return 'orange';
  return 'red';
}
