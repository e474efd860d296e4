import { describe, expect, it } from 'vitest';
import { dayjs } from '../../lib/dates';
import { defaultReportFilters, reportCsvQuery, reportListQuery } from './reportFilters';

describe('report filters', () => {
  it('default: two years ago at the start of the day to the end of today, every user', () => {
    const now = dayjs(new Date(2026, 10, 22, 15, 30));
    const { range, user } = defaultReportFilters(now);
    expect(range[0].format('YYYY-MM-DD HH:mm:ss.SSS')).toBe('2024-11-22 00:00:00.000');
    expect(range[1].format('YYYY-MM-DD HH:mm:ss.SSS')).toBe('2026-11-22 23:59:59.999');
    expect(user).toBe('');
  });

  it('maps to the list and CSV calls (UTC dates; the CSV has no paging)', () => {
    const range = [dayjs.utc('2024-11-22 00:00:00'), dayjs.utc('2026-11-22 23:59:59')] as [dayjs.Dayjs, dayjs.Dayjs];
    expect(reportListQuery({ range, user: 'ann' }, 3, 50)).toEqual({
      page: 3,
      maxPerPage: 50,
      minDate: '2024-11-22 00:00:00',
      maxDate: '2026-11-22 23:59:59',
      user: 'ann',
    });
    expect(reportCsvQuery({ range, user: '' })).toEqual({
      minDate: '2024-11-22 00:00:00',
      maxDate: '2026-11-22 23:59:59',
      user: '',
    });
  });
});
