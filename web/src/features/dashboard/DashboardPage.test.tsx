import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { setToken } from '../../lib/api';
import { Permission } from '../../lib/permissions';
import type { ApiHandler } from '../../test/mockApi';
import { apiError, mockApi, never } from '../../test/mockApi';
import { jsonResponse, renderWithProviders } from '../../test/render';
import { makeUser, SUPPORT_PERMISSIONS } from '../../test/users';
import { makePage, makeTransaction } from '../history/transactionFixtures';
import DashboardPage from './DashboardPage';

// jsdom has no canvas: the chart itself is left out, the card's data (and its hidden table) stay.
vi.mock('./CandleChart', () => ({ default: () => <div data-testid="candle-chart" /> }));

const COINS = ['BTC', 'ETH', 'TRX', 'BNB', 'LTC'].map((symbol, i) => ({
  id: i + 1,
  name: symbol,
  symbol,
  icon: `/icons/${symbol.toLowerCase()}.svg`,
  fiatExchangeRate: '1',
  conversionRate: '1',
  type: 'coin',
  blockchain: null,
  decimals: 8,
  maxConfirmation: 3,
}));

const change = (day: number, open: string, close: string, percentChange: string) => ({
  startsAt: `2026-11-${String(day).padStart(2, '0')}T00:00:00+00:00`,
  open,
  close,
  high: '200',
  low: '1',
  amountChange: '0',
  percentChange,
});

/** 8 days: the first is dropped; then up, down, unchanged (up) ...; the last day's percent per symbol. */
function market(symbol: string, lastPercent: string) {
  return {
    symbol,
    changes: [
      change(14, '1', '2', '100'),
      change(15, '10', '11', '10'),
      change(16, '11', '10', '-9.09'),
      change(17, '10', '10', '0'),
      change(18, '10', '12', '20'),
      change(19, '12', '11', '-8.33'),
      change(20, '11', '11.5', '4.54'),
      change(21, '11.5', '11.5', lastPercent),
    ],
  };
}

const LAST_PERCENT: Record<string, string> = { BTC: '1.5', ETH: '0', TRX: '-2.25', BNB: '0.00' };

const week = (key: 'count' | 'balance' | 'amount', value: number | string) =>
  ['16', '17', '18', '19', '20', '21', '22'].map((d) => ({ day: `2026-11-${d}`, [key]: value }));

const balance = (coin_id: number, symbol: string, value: string) => ({
  coin_id,
  name: symbol,
  symbol,
  icon: `/icons/${symbol.toLowerCase()}.svg`,
  balance: value,
  formatted_balance: value,
  price: '1',
  usd_value: value,
  network_fee: '0',
  wallet_address: '',
});

function routes(overrides: Record<string, ApiHandler> = {}): Record<string, ApiHandler> {
  const ok = (body: unknown) => () => jsonResponse(body);
  return {
    'GET /api/cointypes': ok(COINS),
    ...Object.fromEntries(
      Object.entries(LAST_PERCENT).map(([symbol, pct]) => [`GET /api/coins/markets/${symbol}`, ok(market(symbol, pct))]),
    ),
    'GET /api/admin/users/total_registers': (call) =>
      jsonResponse({ total: week('count', 2), count: call.path.includes('verified=1') ? 231 : 305 }),
    'GET /api/admin/users/total_onlines': ok({ total: { count: 21 } }),
    'GET /api/admin/wallets/customer_balance': ok({
      balances: [balance(1, 'BTC', '110'), balance(2, 'ETH', '115'), balance(3, 'TRX', '115.000001')],
    }),
    'GET /api/admin/wallets/xapa_balance': ok({
      balances: [balance(1, 'BTC', '100'), balance(2, 'ETH', '100'), balance(3, 'TRX', '100')],
    }),
    'GET /api/admin/transactions/total/balances': ok({ main: { total: { balance: '38560393.56' }, week: week('balance', '10.00') } }),
    'GET /api/admin/transactions/total/revenue/send': ok({ main: { total: { amount: '38522.48' }, week: week('amount', '1.00') } }),
    'GET /api/admin/transactions/total/revenue/exchange': ok({ main: { total: { amount: '3836.64' }, week: week('amount', '2.00') } }),
    'GET /api/admin/transactions/history': ok(makePage([makeTransaction()])),
    ...overrides,
  };
}

function signedInWith(permissions: readonly string[], overrides?: Record<string, ApiHandler>) {
  setToken('t');
  return mockApi({
    'GET /api/user': () => jsonResponse(makeUser({ permissions: [...permissions] })),
    ...routes(overrides),
  });
}

const region = (name: string) => screen.findByRole('region', { name });

describe('<DashboardPage>', () => {
  it('shows each widget only with its permission (Support: registrations, online users, recent transactions)', async () => {
    const calls = signedInWith(SUPPORT_PERMISSIONS);
    renderWithProviders(<DashboardPage />);
    expect(await within(await region('Registered users')).findByLabelText('Registered users, all time')).toHaveTextContent('305');
    expect(await within(await region('Verified users')).findByLabelText('Verified users, all time')).toHaveTextContent('231');
    expect(await within(await region('Online users')).findByLabelText('Online users now')).toHaveTextContent('21');
    const recent = await region('Recent transactions');
    expect(await within(recent).findByRole('link', { name: 'yara@example.com' })).toHaveAttribute('href', '/userprofile/13');
    expect(within(recent).getByText('Pending')).toBeInTheDocument();
    for (const name of ['Customer balance', 'Company balance', 'Total balances', 'Revenue by send', 'Revenue by exchange', 'BTC candles']) {
      expect(screen.queryByRole('region', { name })).not.toBeInTheDocument();
    }
    const paths = calls.map((c) => c.path);
    expect(paths.some((p) => /markets|wallets|total\/(balances|revenue)|cointypes/.test(p))).toBe(false);
    expect(paths).toContain(
      '/api/admin/transactions/history?page=1&maxPerPage=10&network=main&minDate=0001-01-01+00%3A00%3A00&maxDate=9999-12-29+00%3A00%3A00',
    );
  });

  it('links e-mails to the profile only with ADMIN_SHOW_USER', async () => {
    signedInWith([Permission.TRANSACTION_HISTORY]);
    renderWithProviders(<DashboardPage />);
    const card = await region('Recent transactions');
    expect(await within(card).findByText('yara@example.com')).toBeInTheDocument();
    expect(within(card).queryByRole('link', { name: 'yara@example.com' })).not.toBeInTheDocument();
  });

  it('says so when no widget is allowed', async () => {
    signedInWith([Permission.USERS_LIST]);
    renderWithProviders(<DashboardPage />);
    expect(await screen.findByText('Your permissions show nothing on the dashboard.')).toBeInTheDocument();
  });

  it('draws the first four coins, candles coloured by close ≥ open and the change percent by its sign', async () => {
    signedInWith([Permission.CANDLES]);
    renderWithProviders(<DashboardPage />);
    const btc = await region('BTC candles');
    expect(screen.queryByRole('region', { name: 'LTC candles' })).not.toBeInTheDocument();
    const rows = within(await within(btc).findByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((row) => [row.dataset.day, row.dataset.direction])).toEqual([
      ['2026-11-15', 'up'],
      ['2026-11-16', 'down'],
      ['2026-11-17', 'up'],
      ['2026-11-18', 'up'],
      ['2026-11-19', 'down'],
      ['2026-11-20', 'up'],
      ['2026-11-21', 'up'],
    ]);
    const tones: Record<string, [string, string]> = {
      BTC: ['positive', '+1.50%'],
      ETH: ['zero', '0.00%'],
      TRX: ['negative', '-2.25%'],
      BNB: ['zero', '0.00%'],
    };
    for (const [symbol, [tone, text]] of Object.entries(tones)) {
      const percent = await within(await region(`${symbol} candles`)).findByLabelText(/^Change on the last day/);
      expect(percent).toHaveTextContent(text);
      expect(percent.dataset.tone).toBe(tone);
    }
  });

  it('colours the company balance against the customers: blue ≤ 1.1×, orange ≤ 1.15×, else red', async () => {
    signedInWith([Permission.CUSTOMER_BALANCE]);
    renderWithProviders(<DashboardPage />);
    const list = await within(await region('Company balance')).findByRole('list', { name: 'Company balance per coin' });
    const tones = within(list).getAllByRole('listitem').map((li) => [li.dataset.coinId, li.dataset.tone]);
    expect(tones).toEqual([
      ['1', 'blue'],
      ['2', 'orange'],
      ['3', 'red'],
    ]);
  });

  it('explains the company balance colours: a legend, a shape per colour, a tooltip with the rule and the ratio', async () => {
    signedInWith([Permission.CUSTOMER_BALANCE]);
    renderWithProviders(<DashboardPage />);
    const card = await region('Company balance');
    const legend = await within(card).findByRole('list', { name: 'Company balance colours' });
    expect(within(legend).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      "Blue: 1.1 × company balance is at least the customers' balance",
      "Orange: 1.15 × company balance is at least the customers' balance (1.1 × is not)",
      "Red: 1.15 × company balance is below the customers' balance",
    ]);
    // Not colour alone: each balance carries its colour's shape, named for screen readers.
    const list = within(card).getByRole('list', { name: 'Company balance per coin' });
    expect(within(list).getAllByRole('img', { name: /^(Blue|Orange|Red)$/ }).map((img) => img.getAttribute('aria-label'))).toEqual([
      'Blue',
      'Orange',
      'Red',
    ]);
    // The tooltip opens on keyboard focus as on hover; TRX: customers 115.000001 against 100, just above 1.15.
    const trx = within(list).getByLabelText('TRX balance').parentElement!;
    act(() => trx.focus());
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      "Red: 1.15 × company balance is below the customers' balance. Customers' balance is 1.1501 × the company balance.",
    );
    await userEvent.hover(within(list).getByLabelText('BTC balance'));
    expect(
      await screen.findByText("Blue: 1.1 × company balance is at least the customers' balance. Customers' balance is 1.1000 × the company balance."),
    ).toBeInTheDocument();
  });

  it('asks for the company balance only once the customer balance has loaded', async () => {
    const calls = signedInWith([Permission.CUSTOMER_BALANCE], { 'GET /api/admin/wallets/customer_balance': () => never() });
    renderWithProviders(<DashboardPage />);
    expect(await within(await region('Company balance')).findByRole('status')).toBeInTheDocument();
    expect(calls.some((c) => c.path.includes('xapa_balance'))).toBe(false);
  });

  it('keeps the company card loading when its call fails, but shows other failures', async () => {
    const calls = signedInWith([Permission.CUSTOMER_BALANCE, Permission.TOTAL_ONLINE_USER], {
      'GET /api/admin/wallets/xapa_balance': () => apiError(403, 'Missing permission ADMIN_CUSTOMER_BALANCE.'),
      'GET /api/admin/users/total_onlines': () => apiError(400, 'Online users are unavailable.'),
    });
    renderWithProviders(<DashboardPage />);
    expect(await within(await region('Online users')).findByText('Online users are unavailable.')).toBeInTheDocument();
    expect(await within(await region('Customer balance')).findByText('BTC')).toBeInTheDocument();
    await vi.waitFor(() => expect(calls.some((c) => c.path.includes('xapa_balance'))).toBe(true));
    const company = await region('Company balance');
    expect(within(company).getByRole('status')).toBeInTheDocument();
    expect(within(company).queryByText(/Missing permission/)).not.toBeInTheDocument();
  });

  it('shows the totals and revenue in dollars', async () => {
    signedInWith([Permission.TRANSACTION_BALANCES, Permission.TRANSACTION_SENT, Permission.TRANSACTION_EXCHANGE]);
    renderWithProviders(<DashboardPage />);
    expect(await within(await region('Total balances')).findByLabelText('Total balances, all time')).toHaveTextContent('$38,560,393.56');
    expect(await within(await region('Revenue by send')).findByLabelText('Revenue by send, all time')).toHaveTextContent('$38,522.48');
    expect(await within(await region('Revenue by exchange')).findByRole('img')).toHaveAccessibleName(/Mon 2026-11-16: \$2\.00/);
  });
});
