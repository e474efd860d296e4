/**
 * How a list's filters sit in the URL's query (useListState.ts). Each filter reads and writes its own parameters,
 * named like the server's query parameters, and checks what it reads: a missing or invalid value gives the
 * filter's default. Dates: whole days as `YYYY-MM-DD` (the UTC day), moments as UTC ISO 8601 to the second.
 */
import type { Dayjs } from 'dayjs';
import type { DateRange } from './dates';
import { dayjs } from './dates';

/** Parameter values by name; undefined leaves the parameter out. */
export type ParamValues = Record<string, string | undefined>;

/** Reads one parameter of the URL (null when absent). */
export type ParamReader = (name: string) => string | null;

export interface FilterParam<T> {
  /** The value in the URL, or undefined when it is absent or invalid (the default applies). */
  read: (get: ParamReader) => T | undefined;
  /** The parameters that hold `value`; undefined ("all", or no value) leaves them out. */
  write: (value: T | undefined) => ParamValues;
}

/** A whole number from 1, else undefined. */
export function parsePositiveInt(text: string | null): number | undefined {
  if (!text || !/^\d{1,15}$/.test(text)) return undefined;
  const n = Number(text);
  return n >= 1 ? n : undefined;
}

/** Free text, trimmed; '' leaves the parameter out. */
export function textParam(name: string): FilterParam<string> {
  return {
    read: (get) => get(name)?.trim() || undefined,
    write: (value) => ({ [name]: value || undefined }),
  };
}

/** An id (a whole number from 1), or undefined for "all". */
export function idParam(name: string): FilterParam<number> {
  return {
    read: (get) => parsePositiveInt(get(name)),
    write: (value) => ({ [name]: value === undefined ? undefined : String(value) }),
  };
}

/** One of `values`, or undefined for "all" (or for the default). */
export function enumParam<T extends string>(name: string, values: readonly T[]): FilterParam<T> {
  return {
    read: (get) => values.find((value) => value === get(name)),
    write: (value) => ({ [name]: value }),
  };
}

const DAY_FORMAT = 'YYYY-MM-DD';
const MOMENT_FORMAT = 'YYYY-MM-DDTHH:mm:ss[Z]';
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const MOMENT_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

/** A UTC day; undefined unless `text` is exactly a real date (no 31 February). */
function parseDay(text: string | null): Dayjs | undefined {
  if (!text || !DAY_PATTERN.test(text)) return undefined;
  const day = dayjs.utc(text);
  return day.isValid() && day.format(DAY_FORMAT) === text ? day : undefined;
}

/** A UTC moment. */
function parseMoment(text: string | null): Dayjs | undefined {
  if (!text || !MOMENT_PATTERN.test(text)) return undefined;
  const moment = dayjs.utc(text);
  return moment.isValid() && moment.format(MOMENT_FORMAT) === text ? moment : undefined;
}

/**
 * `minDate` and `maxDate`, the end not before the start. `wholeDays`: `YYYY-MM-DD`, read as the start of the first
 * day to the end of the last (the reports); else moments to the second.
 */
export function dateRangeParam({ wholeDays = false } = {}): FilterParam<DateRange> {
  const parse = wholeDays ? parseDay : parseMoment;
  const format = (d: Dayjs) => (wholeDays ? d.utc().format(DAY_FORMAT) : d.utc().format(MOMENT_FORMAT));
  return {
    read: (get) => {
      const from = parse(get('minDate'));
      const to = parse(get('maxDate'));
      if (!from || !to || to.isBefore(from)) return undefined;
      return wholeDays ? [from.startOf('day'), to.endOf('day')] : [from, to];
    },
    write: (range) => ({ minDate: range && format(range[0]), maxDate: range && format(range[1]) }),
  };
}
