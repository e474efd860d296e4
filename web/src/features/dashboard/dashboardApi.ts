/** The dashboard's calls (weekly widgets get a total and its last 7 days); live widgets poll every POLL_INTERVAL_MS. */
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../lib/api';
import type { GetReply } from '../../lib/apiTypes';
import type { CoinType } from '../../lib/coinTypes';
import { POLL_INTERVAL_MS } from '../../lib/queryClient';

/** `GET /api/coins/markets/{symbol}`: `changes` are daily, newest last (the dashboard's replies: docs/openapi.json's). */
export type Market = GetReply<'/api/coins/markets/{symbol}'>;

/** A daily candle of `GET /api/coins/markets/{symbol}`; prices are decimal strings. */
export type MarketChange = Market['changes'][number];

/** `GET /api/admin/users/total_registers`: `total` is 7 days, oldest first; `count` is all time. */
export type WeeklyCounts = GetReply<'/api/admin/users/total_registers'>;

/** `GET /api/admin/users/total_onlines`. */
export type OnlineUsers = GetReply<'/api/admin/users/total_onlines'>;

/** `GET /api/admin/wallets/customer_balance` and `xapa_balance`. */
export type Balances = GetReply<'/api/admin/wallets/customer_balance'>;

/** A coin's balance of `GET /api/admin/wallets/customer_balance` and `xapa_balance`. */
export type BalanceItem = Balances['balances'][number];

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
    queryFn: ({ signal }) => apiGet('/api/coins/markets/{symbol}', { params: { path: { symbol } }, signal }),
    refetchInterval: MARKET_REFRESH_MS,
  });
}

export function registrationsQuery(verified: boolean) {
  return queryOptions({
    queryKey: ['dashboard', 'registrations', verified],
    queryFn: ({ signal }) =>
      apiGet('/api/admin/users/total_registers', { params: { query: verified ? { verified: '1' } : undefined }, signal }),
    ...live,
  });
}

export const onlineUsersQuery = queryOptions({
  queryKey: ['dashboard', 'online'],
  queryFn: ({ signal }) => apiGet('/api/admin/users/total_onlines', { signal }),
  ...live,
});

export const customerBalanceQuery = queryOptions({
  queryKey: ['dashboard', 'balance', 'customer'],
  queryFn: ({ signal }) => apiGet('/api/admin/wallets/customer_balance', { signal }),
  ...live,
});

export const companyBalanceQuery = queryOptions({
  queryKey: ['dashboard', 'balance', 'company'],
  queryFn: ({ signal }) => apiGet('/api/admin/wallets/xapa_balance', { signal }),
  ...live,
});

export const totalBalancesQuery = queryOptions({
  queryKey: ['dashboard', 'totals', 'balances'],
  queryFn: async ({ signal }): Promise<WeeklyTotal> => {
    // The USD total under `balance`, each day's under `balance`.
    const { main } = await apiGet('/api/admin/transactions/total/balances', { signal });
    return { total: main.total.balance, week: main.week.map(({ day, balance }) => ({ day, value: balance })) };
  },
  ...live,
});

const REVENUE_PATHS = {
  send: '/api/admin/transactions/total/revenue/send',
  exchange: '/api/admin/transactions/total/revenue/exchange',
} as const;

export function revenueQuery(kind: 'send' | 'exchange') {
  return queryOptions({
    queryKey: ['dashboard', 'totals', 'revenue', kind],
    queryFn: async ({ signal }): Promise<WeeklyTotal> => {
      // The same under `amount`.
      const { main } = await apiGet(REVENUE_PATHS[kind], { signal });
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
