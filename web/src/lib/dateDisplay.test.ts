import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { formatDateTime, NO_DATE } from './dateDisplay';

describe('formatDateTime', () => {
  it('shows DD-MM-YYYY HH:mm in local time', () => {
    const iso = '2026-11-22T10:15:00+00:00';
    expect(formatDateTime(iso)).toBe(dayjs(iso).format('DD-MM-YYYY HH:mm'));
    expect(formatDateTime(iso)).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}$/);
  });

  it('shows a dash for a missing or unreadable date', () => {
    expect(formatDateTime(null)).toBe(NO_DATE);
    expect(formatDateTime(undefined)).toBe(NO_DATE);
    expect(formatDateTime('')).toBe(NO_DATE);
    expect(formatDateTime('not a date')).toBe(NO_DATE);
  });
});
