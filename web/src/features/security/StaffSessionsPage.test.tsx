import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AppRoutes } from '../../app/routes';
import { Permission } from '../../lib/permissions';
import type { ApiCall, ApiHandler } from '../../test/mockApi';
import { apiError, mockApi, never, noContent } from '../../test/mockApi';
import { currentPath, jsonResponse, renderWithProviders } from '../../test/render';
import { SUPPORT_PERMISSIONS, signedInAs } from '../../test/users';
import { makeStaffSession, staffSessionsPage } from './sessionTestData';
import StaffSessionsPage from './StaffSessionsPage';

const DANA = makeStaffSession();
const SAM = makeStaffSession({
  id: 30,
  platform: 'IOS',
  deviceModel: 'iPhone 15',
  ip: '192.0.2.77',
  user: { id: 7, email: 'sam@xapa.example' },
});

function setUp(permissions: string[] = [Permission.SESSIONS, Permission.SHOW_USER], routes: Record<string, ApiHandler> = {}) {
  return mockApi({
    ...signedInAs(permissions),
    'GET /api/admin/sessions': () => jsonResponse(staffSessionsPage([DANA, SAM], 60)),
    'GET /healthz': () => jsonResponse({ status: 'ok', database: 'ok' }),
    ...routes,
  });
}

const listCalls = (calls: ApiCall[]) =>
  calls
    .filter((c) => c.path.startsWith('/api/admin/sessions?'))
    .map((c) => Object.fromEntries(new URL(c.path, 'http://x').searchParams));
const rowOf = (id: number) => document.querySelector(`tr[data-row-key="${id}"]`) as HTMLElement;

describe('<StaffSessionsPage>', () => {
  it("lists every staff member's sessions, page 1 of 25, with the user, the device and Revoke", async () => {
    const calls = setUp();
    renderWithProviders(<StaffSessionsPage />, { route: '/sessions' });
    expect(await screen.findByRole('link', { name: 'dana@xapa.example' })).toHaveAttribute('href', '/userprofile/3');
    expect(listCalls(calls)).toEqual([{ page: '1', maxPerPage: '25' }]);
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'User',
      'Platform',
      'Device',
      'IP',
      'Signed in (UTC)',
      'Last active (UTC)',
      'Revoke',
    ]);
    expect(within(rowOf(30)).getAllByRole('cell').map((c) => c.textContent).slice(0, 4)).toEqual([
      'sam@xapa.example',
      'IOS',
      'iPhone 15',
      '192.0.2.77',
    ]);
    expect(within(rowOf(30)).queryByText('This session')).toBeNull();
    expect(screen.getByText('60 records')).toBeInTheDocument();
  });

  it("marks the caller's own session as the server does, and shows the browser and system in words", async () => {
    setUp(undefined, {
      'GET /api/admin/sessions': () => jsonResponse(staffSessionsPage([makeStaffSession({ current: true }), SAM], 1)),
    });
    renderWithProviders(<StaffSessionsPage />, { route: '/sessions' });
    const mine = await waitFor(() => {
      const row = rowOf(31);
      expect(row).toBeTruthy();
      return row;
    });
    expect(within(mine).getByText('This session')).toBeInTheDocument();
    expect(within(mine).getByText('Chrome 131 on Linux')).toHaveAttribute('data-user-agent', expect.stringContaining('Mozilla/5.0 (X11; Linux'));
    expect(within(rowOf(30)).queryByText('This session')).toBeNull();
    expect(screen.getByText('1 record')).toBeInTheDocument();
  });

  it('shows emails as text without ADMIN_SHOW_USER', async () => {
    setUp([Permission.SESSIONS]);
    renderWithProviders(<StaffSessionsPage />, { route: '/sessions' });
    expect(await screen.findByText('dana@xapa.example')).toBeInTheDocument();
    expect(screen.queryAllByRole('link')).toEqual([]);
  });

  it('filters by user (trimmed) from page 1, and pages', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = setUp();
    renderWithProviders(<StaffSessionsPage />, { route: '/sessions' });
    await screen.findByText('sam@xapa.example');
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(listCalls(calls).at(-1)).toEqual({ page: '3', maxPerPage: '25' }));
    await user.type(screen.getByRole('searchbox', { name: 'User' }), ' sam ');
    await waitFor(() => expect(listCalls(calls).at(-1)).toEqual({ page: '1', maxPerPage: '25', user: 'sam' }));
    expect(currentPath()).toBe('/sessions?user=sam');
  });

  it('revokes a session only after the confirmation naming its owner, then reloads the list', async () => {
    const user = userEvent.setup({ delay: null });
    let rows = [DANA, SAM];
    const calls = setUp(undefined, {
      'GET /api/admin/sessions': () => jsonResponse(staffSessionsPage(rows)),
      'DELETE /api/admin/sessions/30': () => {
        rows = [DANA];
        return noContent();
      },
    });
    renderWithProviders(<StaffSessionsPage />, { route: '/sessions' });
    await screen.findByText('sam@xapa.example');
    const revoke = within(rowOf(30)).getByRole('button', { name: /^Revoke/ });
    await user.click(revoke);
    const confirm = await screen.findByRole('tooltip');
    expect(within(confirm).getByText("Revoke sam@xapa.example's session?")).toBeInTheDocument();
    expect(within(confirm).getByText(/IOS, iPhone 15 from 192\.0\.2\.77/)).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await user.click(revoke);
    await user.click(within(await screen.findByRole('tooltip')).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('The session has been signed out.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/admin/sessions/30']);
    await waitFor(() => expect(screen.queryByText('sam@xapa.example')).not.toBeInTheDocument());
  });

  it('shows the spinner while loading, then the empty state', async () => {
    let answer: (r: Response) => void = () => {};
    setUp(undefined, { 'GET /api/admin/sessions': () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderWithProviders(<StaffSessionsPage />, { route: '/sessions' });
    await waitFor(() => expect(document.querySelector('.ant-spin-spinning')).toBeInTheDocument());
    answer(jsonResponse(staffSessionsPage([])));
    expect(await screen.findByText('No signed-in staff sessions')).toBeInTheDocument();
    await waitFor(() => expect(document.querySelector('.ant-spin-spinning')).toBeNull());
  });

  it("shows a failed call's message above the empty list", async () => {
    setUp(undefined, { 'GET /api/admin/sessions': () => apiError(403, 'You may not list sessions.') });
    renderWithProviders(<StaffSessionsPage />, { route: '/sessions' });
    expect(await screen.findByRole('alert')).toHaveTextContent('You may not list sessions.');
    expect(screen.getByText('No signed-in staff sessions')).toBeInTheDocument();
  });
});

describe('the Sessions entry of the menu', () => {
  it('is under Setting for holders of ADMIN_SESSIONS, and opens the console', async () => {
    const user = userEvent.setup({ delay: null });
    setUp([...SUPPORT_PERMISSIONS, Permission.SESSIONS]);
    renderWithProviders(<AppRoutes />, { route: '/' });
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    await user.click(within(menu).getByRole('menuitem', { name: /Setting/ }));
    await user.click(within(menu).getByRole('link', { name: 'Sessions' }));
    expect(await screen.findByRole('heading', { name: 'Sessions', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('sam@xapa.example')).toBeInTheDocument();
    expect(currentPath()).toBe('/sessions');
  });

  it('is not there without ADMIN_SESSIONS, and a typed /sessions is Access Denied with no call', async () => {
    const calls = setUp([...SUPPORT_PERMISSIONS], { 'GET /api/admin/sessions': never });
    renderWithProviders(<AppRoutes />, { route: '/sessions' });
    expect(await screen.findByText('Access Denied')).toBeInTheDocument();
    expect(screen.getByText('You do not have permission to open Sessions.')).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(menu).getByRole('link', { name: 'Security', hidden: true })).toBeInTheDocument();
    expect(within(menu).queryByRole('link', { name: 'Sessions', hidden: true })).toBeNull();
    expect(listCalls(calls)).toEqual([]);
  });
});
