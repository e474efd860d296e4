import { useQuery } from '@tanstack/react-query';
import { Alert } from 'antd';
import { ListPager } from '../../components/ListPager';
import { errorMessage } from '../../lib/api';
import { transactionHistoryQuery } from './historyApi';
import type { HistoryFilters } from './historyFilters';
import { toListQuery } from './historyFilters';
import { TransactionTable } from './TransactionTable';

export interface Paging {
  page: number;
  pageSize: number;
}

interface HistoryListProps {
  filters: HistoryFilters;
  paging: Paging;
  onPaging: (paging: Paging) => void;
}

/** The filtered history, one page at a time, refreshed every 10 s. */
export function HistoryList({ filters, paging, onPaging }: HistoryListProps) {
  const query = useQuery(transactionHistoryQuery(toListQuery(filters, paging.page, paging.pageSize)));
  const { data } = query;
  return (
    <>
      {query.isError ? <Alert type="error" showIcon title={errorMessage(query.error)} className="history__error" /> : null}
      <TransactionTable transactions={data?.transactionHistory ?? []} loading={query.isPending || query.isPlaceholderData} />
      <ListPager
        page={paging.page}
        pageSize={paging.pageSize}
        total={data?.total_items ?? 0}
        onChange={(page, pageSize) => onPaging({ page, pageSize })}
      />
    </>
  );
}
