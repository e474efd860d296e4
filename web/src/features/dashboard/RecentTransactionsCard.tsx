import { useQuery } from '@tanstack/react-query';
import { QueryCard } from '../../components/QueryCard';
import { transactionHistoryQuery } from '../history/historyApi';
import type { TransactionColumn } from '../history/transactionColumns';
import { TransactionTable } from '../history/TransactionTable';
import { RECENT_TRANSACTIONS_QUERY } from './dashboardApi';

const COLUMNS: readonly TransactionColumn[] = ['date', 'user', 'coin', 'type', 'amount', 'status', 'hash'];

/** The 10 newest main-network transactions, refreshed every 10 s. */
export function RecentTransactionsCard() {
  const query = useQuery(transactionHistoryQuery(RECENT_TRANSACTIONS_QUERY));
  return (
    <QueryCard title="Recent transactions" query={query}>
      {(data) => <TransactionTable transactions={data.transactionHistory} columns={COLUMNS} />}
    </QueryCard>
  );
}
