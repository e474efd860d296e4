import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation, useNavigationType } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { DateRange } from './dates';
import { dayjs } from './dates';
import { dateRangeParam, enumParam, idParam, textParam } from './listParams';
import type { ListSpec } from './useListState';
import { useListState } from './useListState';

interface Filters {
  coinType?: number;
  type?: 'received' | 'sent';
  network: 'main' | 'test';
  range: DateRange;
  q: string;
}

const NOW = dayjs('2026-06-15T12:00:00');
const DEFAULT_RANGE: DateRange = [NOW.subtract(1, 'month').startOf('day'), NOW.endOf('day')];

const SPEC: ListSpec<Filters> = {
  params: {
    coinType: idParam('coinType'),
    type: enumParam('type', ['received', 'sent']),
    network: enumParam('network', ['main', 'test']),
    range: dateRangeParam(),
    q: textParam('q'),
  },
  defaults: () => ({ network: 'main', range: DEFAULT_RANGE, q: '' }),
};

function renderList<F extends object>(url: string, spec: ListSpec<F>) {
  const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>;
  return renderHook(
    () => ({ list: useListState(spec), location: useLocation(), navigation: useNavigationType() }),
    { wrapper },
  );
}

const search = (result: { current: { location: { search: string } } }) => result.current.location.search;

describe('useListState: reading the URL', () => {
  it('gives the defaults, page 1 and the first page size for a URL without parameters', () => {
    const { result } = renderList('/history', SPEC);
    const { filters, page, pageSize } = result.current.list;
    expect(filters).toEqual({ network: 'main', range: DEFAULT_RANGE, q: '' });
    expect([page, pageSize]).toEqual([1, 25]);
  });

  it('reads every valid value', () => {
    const url = '/history?coinType=3&type=sent&network=test&q=bob&page=4&maxPerPage=50'
      + '&minDate=2026-01-02T03:04:05Z&maxDate=2026-01-03T00:00:00Z';
    const { filters, page, pageSize } = renderList(url, SPEC).result.current.list;
    expect(filters).toMatchObject({ coinType: 3, type: 'sent', network: 'test', q: 'bob' });
    expect(filters.range.map((d) => d.toISOString())).toEqual(['2026-01-02T03:04:05.000Z', '2026-01-03T00:00:00.000Z']);
    expect([page, pageSize]).toEqual([4, 50]);
  });

  it.each([
    ['page=0&maxPerPage=30', 1, 25],
    ['page=-2&maxPerPage=0', 1, 25],
    ['page=2.5&maxPerPage=50.0', 1, 25],
    ['page=abc&maxPerPage=', 1, 25],
    ['page=%202&maxPerPage=100', 1, 100],
  ])('falls back to page 1 and 25 per page for an invalid page or page size (%s)', (query, page, pageSize) => {
    const { list } = renderList(`/history?${query}`, SPEC).result.current;
    expect([list.page, list.pageSize]).toEqual([page, pageSize]);
  });

  it.each([
    'coinType=0&type=bogus&network=prod',
    'coinType=abc&type=SENT&network=',
    'coinType=-3&type=&network=Main',
  ])('falls back to the default for an invalid id or choice (%s)', (query) => {
    const { filters } = renderList(`/history?${query}`, SPEC).result.current.list;
    expect(filters).toEqual({ network: 'main', range: DEFAULT_RANGE, q: '' });
  });

  it.each([
    ['a date that does not exist', 'minDate=2026-02-31T00:00:00Z&maxDate=2026-03-05T00:00:00Z'],
    ['an end before the start', 'minDate=2026-03-05T00:00:00Z&maxDate=2026-03-01T00:00:00Z'],
    ['one end only', 'minDate=2026-03-01T00:00:00Z'],
    ['another format', 'minDate=2026-03-01&maxDate=2026-03-05'],
    ['text', 'minDate=yesterday&maxDate=today'],
  ])('falls back to the default range for %s', (_, query) => {
    const { filters } = renderList(`/history?${query}`, SPEC).result.current.list;
    expect(filters.range).toEqual(DEFAULT_RANGE);
  });

  it('reads whole days as the start of the first to the end of the last, and refuses a day that does not exist', () => {
    const spec: ListSpec<{ range: DateRange }> = {
      params: { range: dateRangeParam({ wholeDays: true }) },
      defaults: () => ({ range: DEFAULT_RANGE }),
    };
    const { range } = renderList('/r?minDate=2025-01-31&maxDate=2025-02-01', spec).result.current.list.filters;
    expect(range.map((d) => d.format('YYYY-MM-DD HH:mm:ss'))).toEqual(['2025-01-31 00:00:00', '2025-02-01 23:59:59']);
    expect(renderList('/r?minDate=2025-02-29&maxDate=2025-03-01', spec).result.current.list.filters.range).toEqual(DEFAULT_RANGE);
  });

  it('reads the parameters of its own prefix only', () => {
    const spec: ListSpec<{ q: string }> = { params: { q: textParam('q') }, defaults: () => ({ q: '' }), prefix: 'wallets.' };
    const { list } = renderList('/p?page=3&q=x&wallets.page=2&wallets.q=cold', spec).result.current;
    expect([list.page, list.filters.q]).toEqual([2, 'cold']);
  });
});

describe('useListState: changing the view', () => {
  it('a filter change goes back to page 1, keeps the page size and adds a history entry', () => {
    const { result } = renderList('/history?page=3&maxPerPage=50&q=bob', SPEC);
    act(() => result.current.list.setFilters({ type: 'sent' }));
    expect(search(result)).toBe('?maxPerPage=50&q=bob&type=sent');
    expect(result.current.list).toMatchObject({ page: 1, pageSize: 50, filters: { type: 'sent', q: 'bob' } });
    expect(result.current.navigation).toBe('PUSH');
  });

  it('a page change keeps the filters and adds a history entry', () => {
    const { result } = renderList('/history?type=sent', SPEC);
    act(() => result.current.list.setPaging(2, 25));
    expect(search(result)).toBe('?type=sent&page=2');
    act(() => result.current.list.setPaging(1, 100));
    expect(search(result)).toBe('?type=sent&maxPerPage=100');
    expect(result.current.list.filters.type).toBe('sent');
    expect(result.current.navigation).toBe('PUSH');
  });

  it('replaces the entry when asked (a correction Back should skip)', () => {
    const { result } = renderList('/changelog?page=3', SPEC);
    act(() => result.current.list.setPaging(2, 25, { replace: true }));
    expect(search(result)).toBe('?page=2');
    expect(result.current.navigation).toBe('REPLACE');
  });

  it('leaves a default value out of the URL', () => {
    const { result } = renderList('/history?coinType=3&network=test&q=bob', SPEC);
    act(() => result.current.list.setFilters({ coinType: undefined, network: 'main', q: '', range: DEFAULT_RANGE }));
    expect(search(result)).toBe('');
  });

  it('writes a range as readable UTC moments that read back as the same range', () => {
    const range: DateRange = [dayjs('2026-03-01T08:30:00Z'), dayjs('2026-03-02T17:45:10Z')];
    const { result } = renderList('/history', SPEC);
    act(() => result.current.list.setFilters({ range }));
    expect(search(result)).toBe('?minDate=2026-03-01T08:30:00Z&maxDate=2026-03-02T17:45:10Z');
    expect(result.current.list.filters.range.map((d) => d.valueOf())).toEqual(range.map((d) => d.valueOf()));
  });

  it('keeps both ends of a range when only one differs from the default', () => {
    const { result } = renderList('/history', SPEC);
    act(() => result.current.list.setFilters({ range: [dayjs('2026-01-01T00:00:00Z'), DEFAULT_RANGE[1]] }));
    expect(search(result)).toBe(`?minDate=2026-01-01T00:00:00Z&maxDate=${DEFAULT_RANGE[1].utc().format('YYYY-MM-DDTHH:mm:ss')}Z`);
    expect(result.current.list.filters.range[0].toISOString()).toBe('2026-01-01T00:00:00.000Z');
  });

  it('a setter called later (a search box after a pause) keeps what changed in between', () => {
    const { result } = renderList('/history?q=bob', SPEC);
    const { setFilters } = result.current.list;
    act(() => result.current.list.setFilters({ type: 'sent' }));
    act(() => setFilters({ q: '' }));
    expect(search(result)).toBe('?type=sent');
    act(() => {
      result.current.list.setFilters({ network: 'test' });
      result.current.list.setPaging(1, 50);
    });
    expect(search(result)).toBe('?type=sent&network=test&maxPerPage=50');
  });

  it('does not navigate when nothing changes', () => {
    const { result } = renderList('/history?q=bob&page=2', SPEC);
    const before = result.current.location.key;
    act(() => result.current.list.setPaging(2, 25));
    expect(result.current.location.key).toBe(before);
  });

  it('writes under its prefix and keeps the other parameters', () => {
    const spec: ListSpec<{ q: string }> = { params: { q: textParam('q') }, defaults: () => ({ q: '' }), prefix: 'wallets.' };
    const { result } = renderList('/p?tab=wallets&sessions.page=4&wallets.page=2', spec);
    act(() => result.current.list.setFilters({ q: 'cold' }));
    expect(search(result)).toBe('?tab=wallets&sessions.page=4&wallets.q=cold');
  });
});
