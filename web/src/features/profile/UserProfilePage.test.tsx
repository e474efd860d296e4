import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { setToken } from '../../lib/api';
import { Permission } from '../../lib/permissions';
import type { ApiHandler } from '../../test/mockApi';
import { apiError, mockApi } from '../../test/mockApi';
import { jsonResponse, renderWithProviders } from '../../test/render';
import { makeUser } from '../../test/users';
import { makeTransaction } from '../history/transactionFixtures';
import { BRIEF, INVITES, makeProfileUser, makeSession, makeWallet } from './profileTestData';
import UserProfilePage from './UserProfilePage';

const page = <K extends string>(key: K, rows: unknown[], total = rows.length) => ({
  [key]: rows,
  page: 1,
  items_per_page: 25,
  total_items: total,
  total_pages: 1,
});

function setUp(extra: Record<string, ApiHandler> = {}) {
  setToken('t');
  return mockApi({
    'GET /api/user': () => jsonResponse(makeUser({ permissions: [Permission.SHOW_USER] })),
    'GET /api/cointypes': () => jsonResponse([]),
    'GET /api/admin/users/6': () => jsonResponse(makeProfileUser()),
    'GET /api/admin/users/brief/6': () => jsonResponse(BRIEF),
    'GET /api/admin/users/report/6': () =>
      jsonResponse(page('reports', [makeTransaction({ id: 5, user: { id: 6, email: 'ines@example.com' }, confirmations: 2, maxConfirmation: 12, displayStatus: { label: 'Confirmation: 2/12', badge: 'warning' } })], 40)),
    'GET /api/admin/users/wallets/6': () => jsonResponse(page('wallets', [makeWallet()])),
    'GET /api/admin/users/sessions/6': () => jsonResponse(page('sessions', [makeSession()])),
    'GET /api/admin/users/invites/6': () => jsonResponse({ invites: INVITES }),
    ...extra,
  });
}

function renderProfile(id: string | number = 6) {
  return renderWithProviders(
    <Routes>
      <Route path="/userprofile/:id" element={<UserProfilePage />} />
    </Routes>,
    { route: `/userprofile/${id}` },
  );
}

const query = (path: string) => Object.fromEntries(new URL(path, 'http://x').searchParams);

describe('<UserProfilePage>', () => {
  it('shows the User Attribute and Financial Brief cards', async () => {
    setUp();
    renderProfile();
    const attributes = await screen.findByRole('region', { name: 'User Attribute' });
    await within(attributes).findByText('Ines Rossi');
    for (const text of ['ines@example.com', 'X000047514', '+491502280507', 'Inactive']) {
      expect(within(attributes).getAllByText(text).length).toBeGreaterThan(0);
    }
    expect(within(attributes).getByRole('button', { name: /Resend Verification Email/ })).toBeInTheDocument();
    const brief = screen.getByRole('region', { name: 'Financial Brief' });
    await within(brief).findByText('$2,011.47');
    expect(brief).toHaveTextContent('$18,171.30 (24 received)');
    expect(brief).toHaveTextContent('$35,896.69 (25 sent)');
    expect(brief).toHaveTextContent('$12.04 (3 exchanges)');
    expect(brief).toHaveTextContent('$10.00');
  });

  it('the Financial Brief names the period and currency of each figure', async () => {
    setUp();
    renderProfile();
    const brief = await screen.findByRole('region', { name: 'Financial Brief' });
    await within(brief).findByText('$2,011.47');
    const basisOf = (label: string) => within(brief).getByText(label).closest('tr')!.querySelector('.brief__basis')!.textContent;
    expect(basisOf('Total Balance')).toBe('Now, main-network wallets · USD at current rates');
    expect(basisOf('Total Income')).toBe('All time, main network, pending included · USD at current rates');
    expect(basisOf('Total Outcome')).toBe('All time, main network, pending included, fees excluded · USD at current rates');
    expect(basisOf('Xapa Exchange Fee')).toBe('All time · USD at current rates');
    expect(basisOf('Total Bonus')).toBe('All time · USD when paid');
  });

  it('User Reports: two years back, status badges, no user column; filters go back to page 1', async () => {
    const calls = setUp();
    renderProfile();
    const table = await screen.findByRole('table');
    expect(await within(table).findByText('Confirmation: 2/12')).toBeInTheDocument();
    expect(within(table).queryByText('User')).toBeNull();
    const first = query(calls.find((c) => c.path.startsWith('/api/admin/users/report/6?'))!.path);
    expect(first).toMatchObject({ page: '1', maxPerPage: '25' });
    expect(Number(first.maxDate.slice(0, 4)) - Number(first.minDate.slice(0, 4))).toBe(2);

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByTitle('Sent'));
    await waitFor(() =>
      expect(query(calls.filter((c) => c.path.startsWith('/api/admin/users/report/6?')).at(-1)!.path)).toMatchObject({
        page: '1',
        type: 'sent',
      }),
    );
  });

  it('walks the Wallet, Sessions and Invited Users tabs', async () => {
    const user = userEvent.setup();
    setUp();
    renderProfile();
    await screen.findByRole('region', { name: 'User Attribute' });

    await user.click(screen.getByRole('tab', { name: 'User Wallet' }));
    const wallet = (await screen.findByText('Tether USD Wallet')).closest('tr')!;
    expect(wallet).toHaveTextContent('USDT');
    expect(wallet).toHaveTextContent('1,991.023409');
    expect(wallet).toHaveTextContent('$1,991.02'); // its value in USD at the current rate
    expect(wallet).toHaveTextContent('T2oy11qUnfaZRJY3uJYHWQeB1u1E1J43u9');

    await user.click(screen.getByRole('tab', { name: 'User Sessions' }));
    const session = (await screen.findByText('Galaxy S24')).closest('tr')!;
    expect(session).toHaveTextContent('Android');
    expect(session).toHaveTextContent('203.0.113.204');
    expect(within(session).getByText('Active')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Invited Users' }));
    expect(await screen.findByRole('link', { name: 'elijah@example.com' })).toHaveAttribute('href', '/userprofile/134');
    expect(screen.getByText('4 in all, 2 directly')).toBeInTheDocument();
  });

  it('says so for an unknown user or an id that cannot be one', async () => {
    setUp({ 'GET /api/admin/users/6': () => apiError(404, 'User not found.') });
    const { unmount } = renderProfile();
    expect(await screen.findByText('User not found')).toBeInTheDocument();
    unmount();
    setUp();
    renderProfile('abc');
    expect(await screen.findByText('User not found')).toBeInTheDocument();
  });
});
