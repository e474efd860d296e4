import { useQuery } from '@tanstack/react-query';
import { Alert } from 'antd';
import { ListPager } from '../../components/ListPager';
import { errorMessage } from '../../lib/api';
import { transactionHistoryQuery } from './historyApi';
import type { HistoryFilters } from './historyFilters';
import { toListQuery } from './historyFilters';
import { TransactionTable } from './TransactionTable';

interface HistoryListProps {
  filters: HistoryFilters;
  page: number;
  pageSize: number;
  onPaging: (page: number, pageSize: number) => void;
}

/** The filtered history, one page at a time, refreshed every 10 s. */
export function HistoryList({ filters, page, pageSize, onPaging }: HistoryListProps) {
  const query = useQuery(transactionHistoryQuery(toListQuery(filters, page, pageSize)));
  const { data } = query;
  return (
    <>
      {query.isError ? <Alert type="error" showIcon title={errorMessage(query.error)} className="history__error" /> : null}
      <TransactionTable choosable="history" transactions={data?.transactionHistory ?? []} loading={query.isPending || query.isPlaceholderData} />
      <ListPager page={page} pageSize={pageSize} total={data?.total_items} onChange={onPaging} />
    </>
  );
}
