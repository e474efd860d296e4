import dayjs from 'dayjs';

/** How the screens show a date and time: day first, 24-hour clock, local time. */
export const DATE_TIME_DISPLAY_FORMAT = 'DD-MM-YYYY HH:mm';

/** Shown for a missing date (e.g. a user who never signed in). */
export const NO_DATE = '—';

/** An RFC 3339 timestamp from the server as `DD-MM-YYYY HH:mm` in local time; `NO_DATE` when absent or unreadable. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return NO_DATE;
  const date = dayjs(value);
  return date.isValid() ? date.format(DATE_TIME_DISPLAY_FORMAT) : NO_DATE;
}
