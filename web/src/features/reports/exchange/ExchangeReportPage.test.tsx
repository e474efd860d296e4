import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { setToken } from '../../../lib/api';
import { dayjs, toApiDate } from '../../../lib/dates';
import { Permission } from '../../../lib/permissions';
import type { ApiCall } from '../../../test/mockApi';
import { apiError, mockApi } from '../../../test/mockApi';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { makeUser } from '../../../test/users';
import { makeExchangeRow, reply } from '../reportTestData';
import ExchangeReportPage from './ExchangeReportPage';

const ROW = makeExchangeRow();

function setUp(permissions: string[], list = () => jsonResponse(reply('report', [ROW], 130))) {
  setToken('t');
  return mockApi({
    'GET /api/user': () => jsonResponse(makeUser({ permissions })),
    'GET /api/admin/exchange/history': list,
    'GET /api/admin/exchange/history/CSV': () =>
      new Response('ID\n800\n', { headers: { 'Content-Disposition': 'attachment; filename="exchanges.csv"' } }),
  });
}

const listCalls = (calls: ApiCall[]) =>
  calls
    .filter((c) => c.path.startsWith('/api/admin/exchange/history?'))
    .map((c) => Object.fromEntries(new URL(c.path, 'http://x').searchParams));

describe('<ExchangeReportPage>', () => {
  it('starts on page 1 of 25, two years back at the start of the day to the end of today, every user', async () => {
    const calls = setUp([Permission.TRANSACTION_EXCHANGE]);
    renderWithProviders(<ExchangeReportPage />);
    expect(await screen.findByText('tomas@example.com')).toBeInTheDocument();
    const now = dayjs.utc();
    expect(listCalls(calls)[0]).toEqual({
      page: '1',
      maxPerPage: '25',
      minDate: toApiDate(now.subtract(2, 'year').startOf('day')),
      maxDate: toApiDate(now.endOf('day')),
    });
    expect(screen.getByText('130 records')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Page size' }).closest('.ant-select')).toHaveTextContent('View 25 Per Page');
    // The range shows as dates only.
    expect(screen.getByPlaceholderText('From')).toHaveValue(now.subtract(2, 'year').format('YYYY-MM-DD'));
    expect(screen.getByPlaceholderText('To')).toHaveValue(now.format('YYYY-MM-DD'));
  });

  it('shows the columns: rate with 5 significant digits, amounts with 6, Created At in UTC', async () => {
    setUp([Permission.TRANSACTION_EXCHANGE]);
    renderWithProviders(<ExchangeReportPage />);
    const row = (await screen.findByText('tomas@example.com')).closest('tr')!;
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['User', 'Source Coin', 'Target Coin', 'Exchange Rate', 'Sent Amount', 'Received Amount', 'Created At (UTC)']);
    const cells = within(row).getAllByRole('cell').map((c) => c.textContent);
    expect(cells).toEqual(['tomas@example.com', 'LTC', 'BTC', '0.0012506', '1.394676', '0.001741', '2026-11-22 02:04:17']);
  });

  it('links the email to the profile only with ADMIN_SHOW_USER', async () => {
    setUp([Permission.TRANSACTION_EXCHANGE, Permission.SHOW_USER]);
    const { unmount } = renderWithProviders(<ExchangeReportPage />);
    expect(await screen.findByRole('link', { name: 'tomas@example.com' })).toHaveAttribute('href', '/userprofile/53');
    unmount();

    setUp([Permission.TRANSACTION_EXCHANGE]);
    renderWithProviders(<ExchangeReportPage />);
    expect(await screen.findByText('tomas@example.com')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'tomas@example.com' })).toBeNull();
  });

  it('goes back to page 1 on a new page size, a new user filter; the CSV has the filters', async () => {
    const user = userEvent.setup();
    const calls = setUp([Permission.TRANSACTION_EXCHANGE], () => jsonResponse(reply('report', [ROW], 300)));
    renderWithProviders(<ExchangeReportPage />);
    await screen.findByText('tomas@example.com');
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(listCalls(calls).at(-1)).toMatchObject({ page: '3', maxPerPage: '25' }));

    await user.click(screen.getByRole('combobox', { name: 'Page size' }));
    await user.click(await screen.findByTitle('View 50 Per Page'));
    await waitFor(() => expect(listCalls(calls).at(-1)).toMatchObject({ page: '1', maxPerPage: '50' }));

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(listCalls(calls).at(-1)).toMatchObject({ page: '2', maxPerPage: '50' }));
    await user.type(screen.getByRole('searchbox', { name: 'User Email' }), 'tom');
    await waitFor(() => expect(listCalls(calls).at(-1)).toMatchObject({ page: '1', maxPerPage: '50', user: 'tom' }));

    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const original = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    calls.length = 0;
    try {
      await user.click(screen.getByRole('button', { name: 'Download CSV' }));
      await waitFor(() => expect(click).toHaveBeenCalled());
    } finally {
      Object.assign(URL, original);
    }
    const csv = calls.find((c) => c.path.startsWith('/api/admin/exchange/history/CSV?'));
    const query = Object.fromEntries(new URL(csv!.path, 'http://x').searchParams);
    expect(Object.keys(query).sort()).toEqual(['maxDate', 'minDate', 'user']);
    expect(query.user).toBe('tom');
  });

  it('shows no error message when the call fails: an empty list', async () => {
    setUp([Permission.TRANSACTION_EXCHANGE], () => apiError(400, 'Bad dates.'));
    renderWithProviders(<ExchangeReportPage />);
    expect(await screen.findByText('No exchanges')).toBeInTheDocument();
    expect(screen.queryByText('Bad dates.')).toBeNull();
  });
});
