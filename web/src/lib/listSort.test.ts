import { describe, expect, it } from 'vitest';
import type { TableColumnsType } from 'antd';
import { sortableColumns, sortFromTable, sortParam, sortQuery } from './listSort';

const read = (query: string) => sortParam().read((name) => new URLSearchParams(query).get(name));

describe('listSort', () => {
  it('reads sort and order from the URL, the default (newest first) from nothing or nonsense', () => {
    expect(read('')).toBeUndefined();
    expect(read('sort=hash')).toBeUndefined();
    expect(read('sort=amount')).toEqual({ by: 'amount', asc: false });
    expect(read('sort=amount&order=asc')).toEqual({ by: 'amount', asc: true });
    expect(read('order=asc')).toEqual({ by: 'created_at', asc: true });
  });

  it('writes only what differs from the default', () => {
    expect(sortParam().write(undefined)).toEqual({ sort: undefined, order: undefined });
    expect(sortParam().write({ by: 'created_at', asc: true })).toEqual({ sort: undefined, order: 'asc' });
    expect(sortParam().write({ by: 'amount', asc: false })).toEqual({ sort: 'amount', order: undefined });
    expect(sortQuery({ by: 'amount', asc: false })).toEqual({ sort: 'amount', order: 'desc' });
    expect(sortQuery(undefined)).toEqual({ sort: undefined, order: undefined });
  });

  it('marks the sorted column, the date when none is chosen', () => {
    const columns: TableColumnsType<object> = [{ key: 'date' }, { key: 'amount' }, { key: 'user' }];
    const keys = { date: 'created_at', amount: 'amount' } as const;
    expect(sortableColumns(columns, keys, undefined).map((c) => c.sortOrder)).toEqual(['descend', null, undefined]);
    expect(sortableColumns(columns, keys, { by: 'amount', asc: true }).map((c) => c.sortOrder)).toEqual([null, 'ascend', undefined]);
  });

  it('reads a header click; the newest-first date is the default', () => {
    const keys = { date: 'created_at', amount: 'amount' } as const;
    expect(sortFromTable({ columnKey: 'amount', order: 'descend' }, keys)).toEqual({ by: 'amount', asc: false });
    expect(sortFromTable({ columnKey: 'date', order: 'ascend' }, keys)).toEqual({ by: 'created_at', asc: true });
    expect(sortFromTable({ columnKey: 'date', order: 'descend' }, keys)).toBeUndefined();
    expect(sortFromTable({ columnKey: 'user', order: 'descend' }, keys)).toBeUndefined();
  });
});
