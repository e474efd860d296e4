import type { QueryClient } from '@tanstack/react-query';
import { coinTypesQuery } from '../../lib/coinTypes';
import type { PermissionKey } from '../../lib/permissions';
import { can, Permission } from '../../lib/permissions';
import { transactionHistoryQuery } from '../history/historyApi';
import {
  candleCoins,
  companyBalanceQuery,
  customerBalanceQuery,
  marketQuery,
  onlineUsersQuery,
  RECENT_TRANSACTIONS_QUERY,
  registrationsQuery,
  revenueQuery,
  totalBalancesQuery,
} from './dashboardApi';

type Prefetch = (queryClient: QueryClient) => Promise<unknown>;

/**
 * What each widget of DashboardPage loads, under the key that shows it. The calls that wait for another one in
 * the widgets (the candles for the coin list, the company balance for the customer balance) wait for it here too.
 */
const WIDGET_DATA: readonly [PermissionKey, Prefetch][] = [
  [
    Permission.CANDLES,
    async (queryClient) => {
      const coins = await queryClient.fetchQuery(coinTypesQuery(false));
      await Promise.all(candleCoins(coins).map((coin) => queryClient.prefetchQuery(marketQuery(coin.symbol))));
    },
  ],
  [
    Permission.TOTAL_USER,
    (queryClient) =>
      Promise.all([queryClient.prefetchQuery(registrationsQuery(false)), queryClient.prefetchQuery(registrationsQuery(true))]),
  ],
  [Permission.TOTAL_ONLINE_USER, (queryClient) => queryClient.prefetchQuery(onlineUsersQuery)],
  [Permission.TRANSACTION_BALANCES, (queryClient) => queryClient.prefetchQuery(totalBalancesQuery)],
  [Permission.TRANSACTION_SENT, (queryClient) => queryClient.prefetchQuery(revenueQuery('send'))],
  [Permission.TRANSACTION_EXCHANGE, (queryClient) => queryClient.prefetchQuery(revenueQuery('exchange'))],
  [
    Permission.CUSTOMER_BALANCE,
    async (queryClient) => {
      await Promise.all([
        queryClient.fetchQuery(customerBalanceQuery).then(() => queryClient.prefetchQuery(companyBalanceQuery)),
        queryClient.prefetchQuery(coinTypesQuery(true)),
      ]);
    },
  ],
  [Permission.TRANSACTION_HISTORY, (queryClient) => queryClient.prefetchQuery(transactionHistoryQuery(RECENT_TRANSACTIONS_QUERY))],
];

/** The permission keys that show something on the dashboard: one per widget's data (WIDGET_DATA). */
export const DASHBOARD_KEYS: readonly PermissionKey[] = WIDGET_DATA.map(([key]) => key);

/**
 * Starts the calls of every dashboard widget these permissions show, so that the data is on its way while the
 * shell and the dashboard render (they take longer than the calls). Failures are left in the cache: the
 * widget shows them, or tries again when it mounts, as if it had made the call itself.
 */
export function prefetchDashboardData(queryClient: QueryClient, permissions: readonly string[]): Promise<void> {
  const calls = WIDGET_DATA.filter(([rule]) => can(permissions, rule)).map(([, load]) =>
    load(queryClient).catch(() => undefined),
  );
  return Promise.all(calls).then(() => undefined);
}
