import { describe, expect, it, vi } from 'vitest';
import localeData from 'dayjs/plugin/localeData';
import { DATE_RANGE_PRESETS, dayjs, fromPicker, rangeBackFromToday, toApiDate, toPicker } from './dates';

dayjs.extend(localeData); // antd's pickers read the week start through it

describe('dates', () => {
  it('sends calls UTC, YYYY-MM-DD HH:mm:ss', () => {
    expect(toApiDate(dayjs('2026-11-22T01:15:30+02:00'))).toBe('2026-11-21 23:15:30');
    expect(toApiDate(dayjs.utc('2026-01-02 03:04:05'))).toBe('2026-01-02 03:04:05');
  });

  it('starts weeks on Monday', () => {
    // 22-11-2026 is a Sunday: its week began on Monday 16-11.
    const sunday = dayjs(new Date(2026, 10, 22, 12, 0));
    expect(sunday.startOf('week').format('ddd DD-MM-YYYY')).toBe('Mon 16-11-2026');
    expect(dayjs().localeData().firstDayOfWeek()).toBe(1);
  });

  it('builds back-from-today ranges from a UTC midnight to the end of the UTC day', () => {
    // 00:30 on the 23rd in Tokyo, where the units run (vite.config.ts): still the 22nd in UTC.
    const now = dayjs.utc('2026-11-22 15:30:00').local();
    const [from, to] = rangeBackFromToday(1, 'month', now);
    expect(toApiDate(from)).toBe('2026-10-22 00:00:00');
    expect(to.utc().format('YYYY-MM-DD HH:mm:ss.SSS')).toBe('2026-11-22 23:59:59.999');
  });

  it('lets a picker show and edit the UTC wall clock', () => {
    const moment = dayjs.utc('2026-11-22 19:04:05');
    expect(toPicker(moment).format('YYYY-MM-DD HH:mm:ss')).toBe('2026-11-22 19:04:05');
    expect(fromPicker(toPicker(moment)).valueOf()).toBe(moment.valueOf());
  });

  it('has the presets Daily, Weekly, Monthly, Yearly, counted back from now', () => {
    vi.useFakeTimers({ now: new Date('2026-11-22T15:30:00Z') });
    try {
      const ranges = Object.fromEntries(DATE_RANGE_PRESETS.map((p) => [p.label, p.value().map((d) => toApiDate(d).slice(0, 16))]));
      expect(ranges).toEqual({
        Daily: ['2026-11-21 15:30', '2026-11-22 15:30'],
        Weekly: ['2026-11-15 15:30', '2026-11-22 15:30'],
        Monthly: ['2026-10-22 15:30', '2026-11-22 15:30'],
        Yearly: ['2025-11-22 15:30', '2026-11-22 15:30'],
      });
    } finally {
      vi.useRealTimers();
    }
  });
});
