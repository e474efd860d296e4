/**
 * Dates across the app: calls send `YYYY-MM-DD HH:mm:ss` read as UTC (docs/decisions/0007-input-rules.md); weeks
 * start on Monday; ranges and their presets. Display formats: dateDisplay.ts.
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

/** A moment as the calls want it: UTC, `YYYY-MM-DD HH:mm:ss`. */
export function toApiDate(d: Dayjs): string {
  return d.utc().format(API_DATE_FORMAT);
}

/** A range from the start of the day `amount` `unit`s ago to the end of today (History, reports). */
export function rangeBackFromToday(amount: number, unit: 'day' | 'week' | 'month' | 'year', now: Dayjs = dayjs()): DateRange {
  return [now.subtract(amount, unit).startOf('day'), now.endOf('day')];
}

export interface DateRangePreset {
  label: string;
  /** Evaluated when picked, so "now" is the moment of the click. */
  value: () => DateRange;
}

function lastOne(unit: 'day' | 'week' | 'month' | 'year'): () => DateRange {
  return () => {
    const now = dayjs();
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
