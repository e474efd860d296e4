import { fromServer } from '../../lib/dates';
import type { CandleDirection } from './colors';
import { candleDirection, COLORS } from './colors';
import type { MarketChange } from './dashboardApi';

/** The candle cards show the last 7 days. */
export const CANDLE_DAYS = 7;

export interface Candle {
  /** 'YYYY-MM-DD' (UTC day of startsAt). */
  day: string;
  open: number;
  high: number;
  low: number;
  close: number;
  direction: CandleDirection;
  color: string;
  source: MarketChange;
}

/** The last CANDLE_DAYS entries (the reply is newest last), with their colour. */
export function lastCandles(changes: readonly MarketChange[]): Candle[] {
  return changes.slice(-CANDLE_DAYS).map((change) => {
    const direction = candleDirection(change);
    return {
      day: change.startsAt.slice(0, 10),
      open: Number(change.open),
      high: Number(change.high),
      low: Number(change.low),
      close: Number(change.close),
      direction,
      color: COLORS[direction],
      source: change,
    };
  });
}

/** A candle's day under the chart: its day of the month, with the month on the first candle and on each 1st. */
export function candleDayLabel(day: string, first: boolean): string {
  const date = fromServer(day);
  return first || date.date() === 1 ? date.format('D MMM') : date.format('D');
}
