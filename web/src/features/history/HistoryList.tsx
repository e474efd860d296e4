import { useQuery } from '@tanstack/react-query';
import { Alert } from 'antd';
import { ListPager } from '../../components/ListPager';
import { errorMessage } from '../../lib/api';
import type { ListSort } from '../../lib/listSort';
import { transactionHistoryQuery } from './historyApi';
import type { HistoryFilters } from './historyFilters';
import { toListQuery } from './historyFilters';
import { TransactionTable } from './TransactionTable';

interface HistoryListProps {
  filters: HistoryFilters;
  page: number;
  pageSize: number;
  onPaging: (page: number, pageSize: number) => void;
  onSort: (sort: ListSort | undefined) => void;
}

/** The filtered history, one page at a time, refreshed every 10 s. */
export function HistoryList({ filters, page, pageSize, onPaging, onSort }: HistoryListProps) {
  const query = useQuery(transactionHistoryQuery(toListQuery(filters, page, pageSize)));
  const { data } = query;
  return (
    <>
      {query.isError ? <Alert type="error" showIcon title={errorMessage(query.error)} className="history__error" /> : null}
      <TransactionTable
        choosable="history"
        transactions={data?.transactionHistory ?? []}
        loading={query.isPending || query.isPlaceholderData}
        sort={filters.sort}
        onSort={onSort}
      />
      <ListPager page={page} pageSize={pageSize} total={data?.total_items} onChange={onPaging} />
    </>
  );
}
