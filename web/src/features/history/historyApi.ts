import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Query } from '../../lib/api';
import { apiDownload, apiGet } from '../../lib/api';
import { POLL_INTERVAL_MS } from '../../lib/queryClient';
import type { TransactionPage } from './types';

const HISTORY_PATH = '/admin/transactions/history';

/** A page of the transaction history; polled (the History main data and the dashboard's recent transactions). */
export function transactionHistoryQuery(query: Query) {
  return queryOptions({
    queryKey: ['transactions', 'history', query],
    queryFn: ({ signal }) => apiGet<TransactionPage>(HISTORY_PATH, query, { signal }),
    refetchInterval: POLL_INTERVAL_MS,
    placeholderData: keepPreviousData,
  });
}

/** The hash search: the same list shape, or a 404/400 whose message the screen shows. */
export function transactionSearchQuery(hash: string) {
  return queryOptions({
    queryKey: ['transactions', 'search', hash],
    queryFn: ({ signal }) => apiGet<TransactionPage>(`${HISTORY_PATH}/search`, { q: hash }, { signal }),
    enabled: hash !== '',
  });
}

/** Saves the CSV export of the filtered history; resolves to the file name. */
export function downloadHistoryCsv(query: Query): Promise<string> {
  return apiDownload(`${HISTORY_PATH}/CSV`, query);
}
