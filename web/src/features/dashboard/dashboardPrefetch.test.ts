import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../lib/queryClient';
import { Permission } from '../../lib/permissions';
import { mockApi } from '../../test/mockApi';
import { jsonResponse } from '../../test/render';
import { ALL_PERMISSIONS } from '../../test/users';
import { prefetchDashboardData } from './dashboardPrefetch';
import { companyBalanceQuery, customerBalanceQuery, marketQuery } from './dashboardApi';

const coin = (id: number, symbol: string, type: 'coin' | 'token' = 'coin') => ({ id, symbol, name: symbol, type });
const COINS = [coin(1, 'BTC'), coin(2, 'USDT', 'token'), coin(3, 'ETH'), coin(4, 'TRX'), coin(5, 'BNB'), coin(6, 'LTC')];
const balances = { balances: [] };

function api() {
  return mockApi({
    'GET /api/cointypes': () => jsonResponse(COINS),
    'GET /api/admin/wallets/customer_balance': () => jsonResponse(balances),
    'GET /api/admin/wallets/xapa_balance': () => jsonResponse(balances),
  });
}

const paths = (calls: { path: string }[]) => calls.map((c) => c.path.split('?')[0]).sort();

describe('prefetchDashboardData', () => {
  it("makes every widget's calls for an administrator: the candles of the first four chain coins, the company balance after the customer balance", async () => {
    const calls = api();
    const queryClient = createQueryClient();
    await prefetchDashboardData(queryClient, ALL_PERMISSIONS);

    expect(paths(calls)).toEqual(
      [
        '/api/admin/transactions/history',
        '/api/admin/transactions/total/balances',
        '/api/admin/transactions/total/revenue/exchange',
        '/api/admin/transactions/total/revenue/send',
        '/api/admin/users/total_onlines',
        '/api/admin/users/total_registers',
        '/api/admin/users/total_registers',
        '/api/admin/wallets/customer_balance',
        '/api/admin/wallets/xapa_balance',
        '/api/coins/markets/BNB',
        '/api/coins/markets/BTC',
        '/api/coins/markets/ETH',
        '/api/coins/markets/TRX',
        '/api/cointypes',
        '/api/cointypes',
      ].sort(),
    );
    const order = calls.map((c) => c.path);
    expect(order.indexOf('/api/admin/wallets/xapa_balance')).toBeGreaterThan(
      order.indexOf('/api/admin/wallets/customer_balance'),
    );
    // Cached under the widgets' own keys: they render from it instead of calling again.
    expect(queryClient.getQueryData(customerBalanceQuery.queryKey)).toEqual(balances);
    expect(queryClient.getQueryData(companyBalanceQuery.queryKey)).toEqual(balances);
    expect(queryClient.getQueryState(marketQuery('BTC').queryKey)).toBeDefined();
    expect(queryClient.getQueryState(marketQuery('LTC').queryKey)).toBeUndefined();
  });

  it('makes only the calls of the widgets the permissions show', async () => {
    const calls = api();
    await prefetchDashboardData(createQueryClient(), [Permission.TOTAL_ONLINE_USER, Permission.SHOW_USER]);
    expect(paths(calls)).toEqual(['/api/admin/users/total_onlines']);
  });

  it('leaves the company balance alone when the customer balance fails', async () => {
    const calls = mockApi({ 'GET /api/cointypes': () => jsonResponse(COINS) });
    await prefetchDashboardData(createQueryClient(), [Permission.CUSTOMER_BALANCE]);
    expect(paths(calls)).toEqual(['/api/admin/wallets/customer_balance', '/api/cointypes']);
  });
});
