import { Table } from 'antd';
import type { RefObject } from 'react';
import { useContext, useEffect, useMemo, useRef, useState } from 'react';
import { ColumnChooser } from '../../components/ColumnChooser';
import { useColumnChoice } from '../../lib/columnChoice';
import type { ListSort, SortKey } from '../../lib/listSort';
import { sortableColumns, sortFromTable } from '../../lib/listSort';
import { fitColumns } from './fitColumns';
import type { TransactionColumn } from './transactionColumns';
import { ALL_TRANSACTION_COLUMNS, transactionColumnTitles, transactionColumns, transactionTableWidth } from './transactionColumns';
import { SessionContext } from '../session/SessionContext';
import type { Transaction } from './types';

interface TransactionTableProps {
  transactions: Transaction[];
  loading?: boolean;
  columns?: readonly TransactionColumn[];
  /** Names the list whose user may choose its columns (ColumnChooser); without it the table shows what fits. */
  choosable?: string;
  /** The page's order; with onSort, the date and amount headers sort the list (on the server). */
  sort?: ListSort;
  onSort?: (sort: ListSort | undefined) => void;
}

/** The columns a sortable table sorts by, and what each sorts by. */
const SORT_KEYS: Partial<Record<string, SortKey>> = { date: 'created_at', amount: 'amount' };

/** What the table draws beyond its columns' widths (its borders), so a fit never scrolls by a pixel or two. */
const BORDERS = 8;

/** The width of the element `ref` points at, kept up to date (0 until it is laid out). */
function useWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry?.contentRect.width ?? 0)));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/**
 * Transactions as a table (History, the dashboard's recent transactions). Each row carries `data-row-key` = the
 * transaction id. Paging is the caller's (ListPager). Unless the user chose the columns, those that do not fit the
 * table's width are left out, the optional ones first (fitColumns), so the key columns (date, user, coin, amount,
 * status, hash) stay in view; with `choosable`, the Columns button says so and lets the user choose (the table then
 * scrolls inside itself when it is wider than the window).
 */
export function TransactionTable({ transactions, loading, columns = ALL_TRANSACTION_COLUMNS, choosable, sort, onSort }: TransactionTableProps) {
  const box = useRef<HTMLDivElement>(null);
  const available = useWidth(box);
  const choice = useColumnChoice(choosable ?? 'transactions', columns, useContext(SessionContext)?.user?.id);
  const chosen = choosable ? choice.chosen : null;
  const shown = useMemo(
    () => chosen ?? fitColumns(columns, available - BORDERS, transactionTableWidth),
    [chosen, columns, available],
  );
  const tableColumns = useMemo(() => {
    const plain = transactionColumns(shown);
    return onSort ? sortableColumns(plain, SORT_KEYS, sort) : plain;
  }, [shown, onSort, sort]);
  const width = useMemo(() => transactionTableWidth(shown), [shown]);
  return (
    <div ref={box}>
      {choosable ? (
        <div className="transaction-table__tools">
          <ColumnChooser columns={transactionColumnTitles(columns)} shown={shown} onChange={choice.choose} onReset={choice.reset} />
        </div>
      ) : null}
      <Table<Transaction>
        rowKey="id"
        size="small"
        columns={tableColumns}
        dataSource={transactions}
        loading={loading}
        pagination={false}
        tableLayout="fixed"
        scroll={{ x: width }}
        locale={{ emptyText: 'No transactions' }}
        onChange={onSort ? (_pagination, _filters, sorter) => onSort(sortFromTable(sorter, SORT_KEYS)) : undefined}
      />
    </div>
  );
}
