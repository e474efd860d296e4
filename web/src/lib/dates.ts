/**
 * Dates across the app are UTC: calls send `YYYY-MM-DD HH:mm:ss` read as UTC (docs/decisions/0007-input-rules.md),
 * screens show UTC (dateDisplay.ts), and every default range is counted in UTC days, whatever the browser's time
 * zone. Weeks start on Monday.
 */
import dayjs from 'dayjs';
import type { Dayjs } from 'dayjs';
import updateLocale from 'dayjs/plugin/updateLocale';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(updateLocale);
// antd's pickers read the first day of the week from dayjs' locale ('en' for antd's default en_US).
dayjs.updateLocale('en', { weekStart: 1 });

/** The date format of every call. */
export const API_DATE_FORMAT = 'YYYY-MM-DD HH:mm:ss';

export type DateRange = [Dayjs, Dayjs];

/** The present moment, in UTC. */
export function utcNow(): Dayjs {
  return dayjs.utc();
}

/** A server timestamp (RFC 3339) or a `YYYY-MM-DD` day, as a UTC moment. */
export function fromServer(value: string): Dayjs {
  return dayjs.utc(value);
}

/** A moment as the calls want it: UTC, `YYYY-MM-DD HH:mm:ss`. */
export function toApiDate(d: Dayjs): string {
  return d.utc().format(API_DATE_FORMAT);
}

/** A range from the start of the UTC day `amount` `unit`s ago to the end of today in UTC (History, reports). */
export function rangeBackFromToday(amount: number, unit: 'day' | 'week' | 'month' | 'year', now: Dayjs = utcNow()): DateRange {
  const today = now.utc();
  return [today.subtract(amount, unit).startOf('day'), today.endOf('day')];
}

const WALL_CLOCK = 'YYYY-MM-DDTHH:mm:ss.SSS';

/**
 * antd's pickers show and make moments in the browser's time zone. These two move a moment between UTC and a local
 * moment with the same wall clock, so a picker shows and edits UTC whatever the zone.
 */
export function toPicker(d: Dayjs): Dayjs {
  return dayjs(d.utc().format(WALL_CLOCK));
}

/** The UTC moment whose wall clock a picker shows (see toPicker). */
export function fromPicker(d: Dayjs): Dayjs {
  return dayjs.utc(d.format(WALL_CLOCK));
}

export interface DateRangePreset {
  label: string;
  /** Evaluated when picked, so "now" is the moment of the click. */
  value: () => DateRange;
}

function lastOne(unit: 'day' | 'week' | 'month' | 'year'): () => DateRange {
  return () => {
    const now = utcNow();
    return [now.subtract(1, unit), now];
  };
}

/** The range picker's presets: 1 day, week, month, year back. */
export const DATE_RANGE_PRESETS: readonly DateRangePreset[] = [
  { label: 'Daily', value: lastOne('day') },
  { label: 'Weekly', value: lastOne('week') },
  { label: 'Monthly', value: lastOne('month') },
  { label: 'Yearly', value: lastOne('year') },
];

export { dayjs };
