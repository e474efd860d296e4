import { describe, expect, it } from 'vitest';
import { dayjs } from '../../lib/dates';
import { defaultHistoryFilters, toCsvQuery, toListQuery } from './historyFilters';

const NOW = dayjs.utc('2026-11-22 15:30:00').local();

describe('History filters', () => {
  it('default: one month ago at midnight to the end of today, main network, all coins and types', () => {
    const filters = defaultHistoryFilters(NOW);
    expect(filters.network).toBe('main');
    expect(filters.coinType).toBeUndefined();
    expect(filters.type).toBeUndefined();
    expect(filters.range[0].isSame(NOW.subtract(1, 'month').startOf('day'))).toBe(true);
    expect(filters.range[1].isSame(NOW.endOf('day'))).toBe(true);
  });

  it('maps to the list query (UTC dates, "all" left out)', () => {
    const range = [dayjs.utc('2026-10-22 00:00:00'), dayjs.utc('2026-11-22 23:59:59')] as [dayjs.Dayjs, dayjs.Dayjs];
    expect(toListQuery({ network: 'main', range }, 1, 25)).toEqual({
      page: 1,
      maxPerPage: 25,
      minDate: '2026-10-22 00:00:00',
      maxDate: '2026-11-22 23:59:59',
      coinType: undefined,
      type: undefined,
      network: 'main',
    });
    expect(toCsvQuery({ network: 'test', coinType: 6, type: 'sent', range })).toEqual({
      minDate: '2026-10-22 00:00:00',
      maxDate: '2026-11-22 23:59:59',
      coinType: 6,
      type: 'sent',
      network: 'test',
    });
  });
});
