/** The dashboard's colour rules (candles, change percents, balances), on exact decimals (lib/decimal.ts). */
import { compareDecimals, formatDecimal, signOf, timesIsAtLeast } from '../../lib/decimal';
import { divideDecimals } from '../../lib/decimalDivide';

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

/**
 * Company balance of a coin against the customers' balance of the same coin (product-spec.md section 4): blue when 1.1 ×
 * company ≥ customers, else orange when 1.15 × company ≥ customers, else red.
 */
export function companyBalanceTone(company: string, customer: string): BalanceTone {
  if (timesIsAtLeast('1.1', company, customer)) return 'blue';
  if (timesIsAtLeast('1.15', company, customer)) return 'orange';
  return 'red';
}

/** Each company balance colour's rule, as the legend and the tooltips state it. */
export const BALANCE_TONE_RULES: Record<BalanceTone, string> = {
  blue: "1.1 × company balance is at least the customers' balance",
  orange: "1.15 × company balance is at least the customers' balance (1.1 × is not)",
  red: "1.15 × company balance is below the customers' balance",
};

export const BALANCE_TONE_NAMES: Record<BalanceTone, string> = { blue: 'Blue', orange: 'Orange', red: 'Red' };

/**
 * The customers' balance as a multiple of the company's (the figure the rule compares with 1.1 and 1.15), rounded up
 * to 4 decimals so a ratio just above a threshold never shows as the threshold; null when the company holds none.
 */
export function customersPerCompany(company: string, customer: string): string | null {
  const ratio = divideDecimals(customer, company, 4, 'up');
  return ratio === null ? null : formatDecimal(ratio, 4);
}

/** A company balance's tooltip: its colour's rule and the actual ratio. */
export function companyBalanceExplanation(company: string, customer: string): string {
  const tone = companyBalanceTone(company, customer);
  const rule = `${BALANCE_TONE_NAMES[tone]}: ${BALANCE_TONE_RULES[tone]}.`;
  const ratio = customersPerCompany(company, customer);
  if (ratio !== null) return `${rule} Customers' balance is ${ratio} × the company balance.`;
  return signOf(customer) === 0 ? `${rule} Neither holds any.` : `${rule} The company holds none.`;
}
