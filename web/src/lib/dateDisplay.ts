import { fromServer } from './dates';

/** How every screen shows a moment: in UTC, to the second (as the CSV files do). */
export const DATE_TIME_DISPLAY_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** Shown for a missing date (e.g. a user who never signed in). */
export const NO_DATE = '—';

/**
 * A server timestamp as `YYYY-MM-DD HH:mm:ss` in UTC, for a cell under a column titled with utcTitle; `NO_DATE`
 * when absent or unreadable.
 */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return NO_DATE;
  const date = fromServer(value);
  return date.isValid() ? date.format(DATE_TIME_DISPLAY_FORMAT) : NO_DATE;
}

/** As formatDateTime, followed by " UTC": for a moment inside a sentence or beside a label. */
export function formatDateTimeUtc(value: string | null | undefined): string {
  const text = formatDateTime(value);
  return text === NO_DATE ? text : `${text} UTC`;
}

/** A date column's title, saying that its times are UTC. */
export function utcTitle(title: string): string {
  return `${title} (UTC)`;
}
