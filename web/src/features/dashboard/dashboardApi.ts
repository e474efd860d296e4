/** The dashboard's calls (weekly widgets get a total and its last 7 days); live widgets poll every POLL_INTERVAL_MS. */
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../lib/api';
import type { CoinType } from '../../lib/coinTypes';
import { POLL_INTERVAL_MS } from '../../lib/queryClient';

export interface MarketChange {
  startsAt: string;
  open: string;
  close: string;
  high: string;
  low: string;
  amountChange: string;
  percentChange: string;
}

export interface Market {
  symbol: string;
  /** Daily, newest last. */
  changes: MarketChange[];
}

export interface WeeklyCounts {
  /** 7 days, oldest first. */
  total: { day: string; count: number }[];
  /** All time. */
  count: number;
}

export interface OnlineUsers {
  total: { count: number };
}

export interface BalanceItem {
  coin_id: number;
  name: string;
  symbol: string;
  icon: string;
  balance: string;
  formatted_balance: string;
  price: string;
  usd_value: string;
  network_fee: string;
  wallet_address: string;
}

export interface Balances {
  balances: BalanceItem[];
}

/** A USD total with its 7 days, as the balances and revenue calls give it (amounts under different names). */
export interface WeeklyTotal {
  total: string;
  week: { day: string; value: string }[];
}

interface TotalBalancesReply {
  main: { total: { balance: string }; week: { day: string; balance: string }[] };
}

interface RevenueReply {
  main: { total: { amount: string }; week: { day: string; amount: string }[] };
}

const live = { refetchInterval: POLL_INTERVAL_MS } as const;

/** The candle cards show the first four chain coins. */
export const CANDLE_COINS = 4;

/** The coins that get a candle card, from GET /api/cointypes (chain coins only). */
export function candleCoins(coins: readonly CoinType[]): CoinType[] {
  return coins.filter((coin) => coin.type === 'coin').slice(0, CANDLE_COINS);
}

export function marketQuery(symbol: string) {
  return queryOptions({
    queryKey: ['dashboard', 'market', symbol],
    queryFn: ({ signal }) => apiGet<Market>(`/coins/markets/${encodeURIComponent(symbol)}`, undefined, { signal }),
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
