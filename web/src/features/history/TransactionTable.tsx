import { Table } from 'antd';
import type { RefObject } from 'react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { fitColumns } from './fitColumns';
import type { TransactionColumn } from './transactionColumns';
import { ALL_TRANSACTION_COLUMNS, transactionColumns, transactionTableWidth } from './transactionColumns';
import type { Transaction } from './types';

interface TransactionTableProps {
  transactions: Transaction[];
  loading?: boolean;
  columns?: readonly TransactionColumn[];
}

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
 * transaction id. Paging is the caller's (ListPager). The columns that do not fit the table's width are left out,
 * the optional ones first (fitColumns), so the key columns (date, user, coin, amount, status, hash) stay in view.
 */
export function TransactionTable({ transactions, loading, columns = ALL_TRANSACTION_COLUMNS }: TransactionTableProps) {
  const box = useRef<HTMLDivElement>(null);
  const available = useWidth(box);
  const shown = useMemo(() => fitColumns(columns, available, transactionTableWidth), [columns, available]);
  const tableColumns = useMemo(() => transactionColumns(shown), [shown]);
  const width = useMemo(() => transactionTableWidth(shown), [shown]);
  return (
    <div ref={box}>
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
      />
    </div>
  );
}
