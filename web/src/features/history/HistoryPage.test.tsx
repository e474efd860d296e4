import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { setToken } from '../../lib/api';
import { dayjs, toApiDate } from '../../lib/dates';
import { Permission } from '../../lib/permissions';
import type { ApiCall, ApiHandler } from '../../test/mockApi';
import { apiError, mockApi } from '../../test/mockApi';
import { jsonResponse, renderWithProviders } from '../../test/render';
import { makeUser } from '../../test/users';
import HistoryPage from './HistoryPage';
import { makePage, makeTransaction } from './transactionFixtures';

const COINS = [
  { id: 1, name: 'Bitcoin', symbol: 'BTC', type: 'coin', blockchain: null },
  { id: 6, name: 'Tether USD', symbol: 'USDT', type: 'token', blockchain: 'TRX' },
].map((c) => ({ ...c, icon: '', fiatExchangeRate: '1', conversionRate: '1', decimals: 6, maxConfirmation: 3 }));

function setUp(extra: Record<string, ApiHandler> = {}) {
  setToken('t');
  return mockApi({
    'GET /api/user': () => jsonResponse(makeUser({ permissions: [Permission.TRANSACTION_HISTORY] })),
    'GET /api/cointypes': () => jsonResponse(COINS),
    'GET /api/admin/transactions/history': () => jsonResponse(makePage([makeTransaction()], 120)),
    ...extra,
  });
}

const listCalls = (calls: ApiCall[]) =>
  calls
    .filter((c) => c.path.startsWith('/api/admin/transactions/history?'))
    .map((c) => Object.fromEntries(new URL(c.path, 'http://x').searchParams));

async function pick(user: ReturnType<typeof userEvent.setup>, select: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: select }));
  await user.click(await screen.findByTitle(option));
}

describe('<HistoryPage>', () => {
  it('starts with page 1 of 25, network main, one month ago at midnight to the end of today', async () => {
    const calls = setUp();
    renderWithProviders(<HistoryPage />);
    expect(await screen.findByText('yara@example.com')).toBeInTheDocument();
    expect(screen.getByText('120 records')).toBeInTheDocument();
    const now = dayjs.utc();
    expect(listCalls(calls)[0]).toEqual({
      page: '1',
      maxPerPage: '25',
      network: 'main',
      minDate: toApiDate(now.subtract(1, 'month').startOf('day')),
      maxDate: toApiDate(now.endOf('day')),
    });
    expect(calls.some((c) => c.path === '/api/cointypes?type=all')).toBe(true);
  });

  it('maps the filters to the call and goes back to page 1 on a change', async () => {
    const user = userEvent.setup();
    const calls = setUp();
    renderWithProviders(<HistoryPage />);
    await screen.findByText('yara@example.com');
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.page).toBe('2'));

    await pick(user, 'Type', 'Sent');
    await waitFor(() => expect(listCalls(calls).at(-1)).toMatchObject({ page: '1', type: 'sent', network: 'main' }));
    await pick(user, 'Coin', 'USDT (TRX)');
    await waitFor(() => expect(listCalls(calls).at(-1)).toMatchObject({ page: '1', type: 'sent', coinType: '6' }));
    await pick(user, 'Network', 'Testnet');
    await waitFor(() => expect(listCalls(calls).at(-1)).toMatchObject({ page: '1', coinType: '6', network: 'test' }));
    await pick(user, 'Type', 'All Types');
    await waitFor(() => expect(listCalls(calls).at(-1)).not.toHaveProperty('type'));
  });

  it('searches by the start of a hash (8 characters at least), kept in the URL; says when none is found', async () => {
    const user = userEvent.setup();
    const found = makeTransaction({ id: 7, hash: 'abc12345ffff', user: { id: 2, email: 'found@example.com' } });
    const calls = setUp({
      'GET /api/admin/transactions/history/search': (call) =>
        call.path.endsWith('q=abc12345')
          ? jsonResponse(makePage([found]))
          : apiError(404, 'No transaction has the hash nope1234.'),
    });
    renderWithProviders(<HistoryPage />);
    const search = await screen.findByRole('searchbox', { name: 'Transaction hash' });
    await user.type(search, 'abc12{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter at least 8 characters of the hash.');
    expect(calls.some((c) => c.path.includes('/search'))).toBe(false);
    await user.clear(search);
    await user.type(search, 'nope1234{Enter}');
    expect(await screen.findByText('No transaction has the hash nope1234.')).toBeInTheDocument();
    await user.clear(search);
    await user.type(search, 'abc12345{Enter}');
    expect(await screen.findByText('found@example.com')).toBeInTheDocument();
    expect(screen.getByText('1 record for abc12345')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to the list' }));
    expect(await screen.findByText('yara@example.com')).toBeInTheDocument();
  });

  it('downloads the CSV of the current filters', async () => {
    const user = userEvent.setup();
    const calls = setUp({
      'GET /api/admin/transactions/history/CSV': () =>
        new Response('ID\n1\n', { headers: { 'Content-Disposition': 'attachment; filename="t.csv"' } }),
    });
    // jsdom has no object URLs, and following the link would navigate.
    const original = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
    const createObjectURL = vi.fn(() => 'blob:x');
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    try {
      renderWithProviders(<HistoryPage />);
      await screen.findByText('yara@example.com');
      await pick(user, 'Type', 'Received');
      await user.click(screen.getByRole('button', { name: /Download CSV/ }));
      await waitFor(() => expect(click).toHaveBeenCalled());
    } finally {
      Object.assign(URL, original);
    }
    expect(createObjectURL).toHaveBeenCalled();
    const csv = calls.find((c) => c.path.includes('/CSV?'));
    const query = Object.fromEntries(new URL(csv!.path, 'http://x').searchParams);
    expect(query).toMatchObject({ type: 'received', network: 'main' });
    expect(query).not.toHaveProperty('page');
  });

  it('shows a failed list call', async () => {
    setUp({ 'GET /api/admin/transactions/history': () => apiError(400, 'Bad dates.') });
    renderWithProviders(<HistoryPage />);
    expect(await screen.findByText('Bad dates.')).toBeInTheDocument();
    expect(within(screen.getByRole('table')).getByText('No transactions')).toBeInTheDocument();
  });
});
