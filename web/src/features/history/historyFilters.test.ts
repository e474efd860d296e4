import { describe, expect, it } from 'vitest';
import { dayjs, toApiDate } from '../../lib/dates';
import { defaultHistoryFilters, toCsvQuery, toListQuery } from './historyFilters';

// 00:30 on the 23rd in Tokyo, where the units run: the range still ends with the UTC day.
const NOW = dayjs.utc('2026-11-22 15:30:00').local();

describe('History filters', () => {
  it('default: one month ago at midnight to the end of today, main network, all coins and types', () => {
    const filters = defaultHistoryFilters(NOW);
    expect(filters.network).toBe('main');
    expect(filters.coinType).toBeUndefined();
    expect(filters.type).toBeUndefined();
    expect(filters.range.map(toApiDate)).toEqual(['2026-10-22 00:00:00', '2026-11-22 23:59:59']);
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
