import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDateTimeUtc, NO_DATE, utcTitle } from './dateDisplay';

describe('formatDateTime', () => {
  it('shows YYYY-MM-DD HH:mm:ss in UTC, whatever the zone (the units run in Tokyo)', () => {
    expect(formatDateTime('2026-11-22T19:04:05+00:00')).toBe('2026-11-22 19:04:05');
    expect(formatDateTime('2026-11-23T04:04:05+09:00')).toBe('2026-11-22 19:04:05');
    expect(formatDateTimeUtc('2026-11-22T19:04:05Z')).toBe('2026-11-22 19:04:05 UTC');
    expect(utcTitle('Date')).toBe('Date (UTC)');
  });

  it('shows a dash for a missing or unreadable date', () => {
    expect(formatDateTime(null)).toBe(NO_DATE);
    expect(formatDateTime(undefined)).toBe(NO_DATE);
    expect(formatDateTime('')).toBe(NO_DATE);
    expect(formatDateTime('not a date')).toBe(NO_DATE);
    expect(formatDateTimeUtc(null)).toBe(NO_DATE);
  });
});
