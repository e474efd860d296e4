import { describe, expect, it, vi } from 'vitest';
import localeData from 'dayjs/plugin/localeData';
import { DATE_RANGE_PRESETS, dayjs, rangeBackFromToday, toApiDate } from './dates';

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

  it('builds back-from-today ranges from midnight to the end of today', () => {
    const now = dayjs(new Date(2026, 10, 22, 15, 30));
    const [from, to] = rangeBackFromToday(1, 'month', now);
    expect(from.format('DD-MM-YYYY HH:mm:ss')).toBe('22-10-2026 00:00:00');
    expect(to.format('DD-MM-YYYY HH:mm:ss.SSS')).toBe('22-11-2026 23:59:59.999');
  });

  it('has the presets Daily, Weekly, Monthly, Yearly, counted back from now', () => {
    vi.useFakeTimers({ now: new Date(2026, 10, 22, 15, 30) });
    try {
      const ranges = Object.fromEntries(DATE_RANGE_PRESETS.map((p) => [p.label, p.value().map((d) => d.format('DD-MM-YYYY HH:mm'))]));
      expect(ranges).toEqual({
        Daily: ['21-11-2026 15:30', '22-11-2026 15:30'],
        Weekly: ['15-11-2026 15:30', '22-11-2026 15:30'],
        Monthly: ['22-10-2026 15:30', '22-11-2026 15:30'],
        Yearly: ['22-11-2025 15:30', '22-11-2026 15:30'],
      });
    } finally {
      vi.useRealTimers();
    }
  });
});
