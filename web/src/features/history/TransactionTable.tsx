import { Table } from 'antd';
import { useMemo } from 'react';
import type { TransactionColumn } from './transactionColumns';
import { ALL_TRANSACTION_COLUMNS, transactionColumns, transactionTableWidth } from './transactionColumns';
import type { Transaction } from './types';

interface TransactionTableProps {
  transactions: Transaction[];
  loading?: boolean;
  columns?: readonly TransactionColumn[];
}

/**
 * Transactions as a table (History, the dashboard's recent transactions). Each row carries `data-row-key` = the
 * transaction id. Paging is the caller's (ListPager).
 */
export function TransactionTable({ transactions, loading, columns = ALL_TRANSACTION_COLUMNS }: TransactionTableProps) {
  const tableColumns = useMemo(() => transactionColumns(columns), [columns]);
  const width = useMemo(() => transactionTableWidth(columns), [columns]);
  return (
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
  );
}
