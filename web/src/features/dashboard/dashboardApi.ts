/** The dashboard's calls (weekly widgets get a total and its last 7 days); live widgets poll every POLL_INTERVAL_MS. */
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../lib/api';
import type { components } from '../../lib/api.gen';
import type { CoinType } from '../../lib/coinTypes';
import { POLL_INTERVAL_MS } from '../../lib/queryClient';

/** The dashboard's reply shapes, generated from docs/openapi.json. */
type Schemas = components['schemas'];

/** A daily candle of `GET /api/coins/markets/{symbol}`; prices are decimal strings. */
export type MarketChange = Schemas['LedgerCandle'];

/** `GET /api/coins/markets/{symbol}`: `changes` are daily, newest last. */
export type Market = Schemas['HttpapiMarketReply'];

/** `GET /api/admin/users/total_registers`: `total` is 7 days, oldest first; `count` is all time. */
export type WeeklyCounts = Schemas['StatsRegistrations'];

/** `GET /api/admin/users/total_onlines`. */
export type OnlineUsers = Schemas['HttpapiOnlineReply'];

/** A coin's balance of `GET /api/admin/wallets/customer_balance` and `xapa_balance`. */
export type BalanceItem = Schemas['StatsBalance'];

/** `GET /api/admin/wallets/customer_balance` and `xapa_balance`. */
export type Balances = Schemas['HttpapiBalancesReply'];

/** `GET /api/admin/transactions/total/balances`: the USD total under `balance`, each day's under `balance`. */
type TotalBalancesReply = Schemas['HttpapiBalanceVolumeReply'];

/** `GET /api/admin/transactions/total/revenue/{send,exchange}`: the same under `amount`. */
type RevenueReply = Schemas['HttpapiRevenueReply'];

/**
 * A USD total with its 7 days, as the balances and revenue cards show it: the web app's one shape for the two
 * replies, which name their amounts differently.
 */
export interface WeeklyTotal {
  total: string;
  week: { day: string; value: string }[];
}

const live = { refetchInterval: POLL_INTERVAL_MS } as const;

/** The candle cards show the first four chain coins. */
export const CANDLE_COINS = 4;

/** The coins that get a candle card, from GET /api/cointypes (chain coins only). */
export function candleCoins(coins: readonly CoinType[]): CoinType[] {
  return coins.filter((coin) => coin.type === 'coin').slice(0, CANDLE_COINS);
}

/**
 * The candle cards refresh every minute. The spec's 10-second list leaves them out, but today's candle moves with
 * the core's rate events, and a dashboard left open all day should not show the morning's price.
 */
export const MARKET_REFRESH_MS = 60_000;

export function marketQuery(symbol: string) {
  return queryOptions({
    queryKey: ['dashboard', 'market', symbol],
    queryFn: ({ signal }) => apiGet<Market>(`/coins/markets/${encodeURIComponent(symbol)}`, undefined, { signal }),
    refetchInterval: MARKET_REFRESH_MS,
  });
}

export function registrationsQuery(verified: boolean) {
  return queryOptions({
    queryKey: ['dashboard', 'registrations', verified],
    queryFn: ({ signal }) =>
      apiGet<WeeklyCounts>('/admin/users/total_registers', verified ? { verified: 1 } : undefined, { signal }),
    ...live,
  });
}

export const onlineUsersQuery = queryOptions({
  queryKey: ['dashboard', 'online'],
  queryFn: ({ signal }) => apiGet<OnlineUsers>('/admin/users/total_onlines', undefined, { signal }),
  ...live,
});

export const customerBalanceQuery = queryOptions({
  queryKey: ['dashboard', 'balance', 'customer'],
  queryFn: ({ signal }) => apiGet<Balances>('/admin/wallets/customer_balance', undefined, { signal }),
  ...live,
});

export const companyBalanceQuery = queryOptions({
  queryKey: ['dashboard', 'balance', 'company'],
  queryFn: ({ signal }) => apiGet<Balances>('/admin/wallets/xapa_balance', undefined, { signal }),
  ...live,
});

export const totalBalancesQuery = queryOptions({
  queryKey: ['dashboard', 'totals', 'balances'],
  queryFn: async ({ signal }): Promise<WeeklyTotal> => {
    const { main } = await apiGet<TotalBalancesReply>('/admin/transactions/total/balances', undefined, { signal });
    return { total: main.total.balance, week: main.week.map(({ day, balance }) => ({ day, value: balance })) };
  },
  ...live,
});

export function revenueQuery(kind: 'send' | 'exchange') {
  return queryOptions({
    queryKey: ['dashboard', 'totals', 'revenue', kind],
    queryFn: async ({ signal }): Promise<WeeklyTotal> => {
      const { main } = await apiGet<RevenueReply>(`/admin/transactions/total/revenue/${kind}`, undefined, { signal });
      return { total: main.total.amount, week: main.week.map(({ day, amount }) => ({ day, value: amount })) };
    },
    ...live,
  });
}

/** The dashboard's recent transactions: page 1, 10 items, network main, every date. */
export const RECENT_TRANSACTIONS_QUERY = {
  page: 1,
  maxPerPage: 10,
  network: 'main',
  minDate: '0001-01-01 00:00:00',
  maxDate: '9999-12-29 00:00:00',
} as const;
