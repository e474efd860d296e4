import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiDownload, apiGet } from '../../lib/api';
import { POLL_INTERVAL_MS } from '../../lib/queryClient';
import type { HistoryQuery } from './types';

/** A page of the transaction history; polled (the History main data and the dashboard's recent transactions). */
export function transactionHistoryQuery(query: HistoryQuery) {
  return queryOptions({
    queryKey: ['transactions', 'history', query],
    queryFn: ({ signal }) => apiGet('/api/admin/transactions/history', { params: { query }, signal }),
    refetchInterval: POLL_INTERVAL_MS,
    placeholderData: keepPreviousData,
  });
}

/** The hash search: the same list shape, or a 404/400 whose message the screen shows. */
export function transactionSearchQuery(hash: string) {
  return queryOptions({
    queryKey: ['transactions', 'search', hash],
    queryFn: ({ signal }) =>
      apiGet('/api/admin/transactions/history/search', { params: { query: { q: hash } }, signal }),
    enabled: hash !== '',
  });
}

/** Saves the CSV export of the filtered history; resolves to the file name. */
export function downloadHistoryCsv(query: HistoryQuery): Promise<string> {
  return apiDownload('/api/admin/transactions/history/CSV', { params: { query } });
}
