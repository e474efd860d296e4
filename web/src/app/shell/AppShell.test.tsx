import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { getToken, setToken } from '../../lib/api';
import { reloadPage } from '../../lib/reloadPage';
import { apiError, mockApi, noContent } from '../../test/mockApi';
import { jsonResponse, renderWithProviders } from '../../test/render';
import { ALL_PERMISSIONS, makeUser } from '../../test/users';
import { AppRoutes } from '../routes';

vi.mock('../../lib/reloadPage', () => ({ reloadPage: vi.fn() }));

/** `antdStyles`: for a test of what a closed group hides (Ant Design's classes do). */
async function openShell(route: string, user = makeUser(), extra: Parameters<typeof mockApi>[0] = {}, antdStyles = false) {
  setToken('full-token');
  const calls = mockApi({ 'GET /api/user': () => jsonResponse(user), ...extra });
  renderWithProviders(<AppRoutes />, { route, antdStyles });
  const menu = await screen.findByRole('navigation', { name: 'Main menu' });
  return { calls, menu };
}

/** Every entry's link, those in closed groups too. */
function menuLinks(menu: HTMLElement): string[] {
  return within(menu)
    .getAllByRole('link', { hidden: true })
    .map((link) => link.textContent ?? '');
}

/** The entries one can see: those outside a group and those of the open group. */
function visibleLinks(menu: HTMLElement): string[] {
  return within(menu)
    .getAllByRole('link')
    .map((link) => link.textContent ?? '');
}

describe('the shell', () => {
  it('lists only the menu entries the Support role may open', async () => {
    const { menu } = await openShell('/');
    expect(menuLinks(menu)).toEqual([
      'Dashboard',
      'History',
      'User Management',
      'Exchange',
      'My Wallet',
      'Security',
      'Members',
      'Approvals',
    ]);
    expect(within(menu).getByText('Settings')).toBeInTheDocument();
    expect(within(menu).queryByText('Report')).not.toBeInTheDocument();
    expect(within(menu).getByRole('link', { name: 'Members', hidden: true })).toHaveAttribute('href', '/members');
  });

  it('lists every entry for an administrator', async () => {
    const { menu } = await openShell('/', makeUser({ permissions: [...ALL_PERMISSIONS] }));
    expect(menuLinks(menu)).toHaveLength(19);
    expect(within(menu).getByText('Report')).toBeInTheDocument();
  });

  it('opens the group of the current page only, and one group at a time', async () => {
    const { menu } = await openShell('/members', makeUser({ permissions: [...ALL_PERMISSIONS] }), {}, true);
    expect(await within(menu).findByRole('link', { name: 'Members' })).toBeVisible();
    expect(visibleLinks(menu)).not.toContain('Accounting Report');
    expect(visibleLinks(menu)).not.toContain('Exchange');
    expect(within(menu).getByRole('menuitem', { name: /Setting/ })).toHaveAttribute('aria-expanded', 'true');

    await userEvent.click(within(menu).getByRole('menuitem', { name: /Report/ }));
    await waitFor(() => expect(visibleLinks(menu)).toContain('Accounting Report'));
    await waitFor(() => expect(visibleLinks(menu)).not.toContain('Members'));
    expect(within(menu).getByRole('menuitem', { name: /Setting/ })).toHaveAttribute('aria-expanded', 'false');
  });

  it('marks the current entry, and shows the breadcrumb and the title', async () => {
    const { menu } = await openShell('/members');
    expect(await screen.findByRole('heading', { name: 'Members', level: 1 })).toBeInTheDocument();
    const selected = menu.querySelector('.ant-menu-item-selected');
    expect(selected).toHaveTextContent('Members');
    const crumbs = within(screen.getByRole('navigation', { name: 'Breadcrumb' }));
    expect(crumbs.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(crumbs.getByText('Settings')).toBeInTheDocument();
    expect(crumbs.getByText('Members')).toBeInTheDocument();
    expect(document.title).toBe('Members · Xapa Back Office');
    // One main landmark: the content's (axe: landmark-no-duplicate-main).
    expect(screen.getAllByRole('main')).toHaveLength(1);
  });

  it('shows the breadcrumb of a screen open to every staff member', async () => {
    await openShell('/', makeUser({ permissions: ['ADMIN_TRANSACTION_HISTORY'] }));
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByText('Dashboard')).toBeInTheDocument();
  });

  it('shows no breadcrumb over Access Denied', async () => {
    await openShell('/members', makeUser({ permissions: ['ADMIN_TRANSACTION_HISTORY'] }));
    expect(await screen.findByText('Access Denied')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Breadcrumb' })).not.toBeInTheDocument();
  });

  it('moves between screens from the menu', async () => {
    const { menu } = await openShell('/');
    await userEvent.click(within(menu).getByRole('link', { name: 'History' }));
    expect(await screen.findByRole('heading', { name: 'History', level: 1 })).toBeInTheDocument();
  });

  it('shows the static previews to any staff member', async () => {
    await openShell('/mywallet');
    expect(await screen.findByText(/^This page is a static preview/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Send/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Receive/ })).toBeInTheDocument();
  });

  it('has a footer and a collapsible side menu', async () => {
    await openShell('/');
    expect(screen.getByText(/Xapa Back Office ©/)).toBeInTheDocument();
    const sider = document.querySelector('.ant-layout-sider');
    expect(sider).not.toHaveClass('ant-layout-sider-collapsed');
    await userEvent.click(document.querySelector<HTMLElement>('.ant-layout-sider-trigger')!);
    expect(sider).toHaveClass('ant-layout-sider-collapsed');
  });
});

describe('the top bar', () => {
  it("shows the user's full name; Logout calls the server, drops the token and reloads", async () => {
    const { calls } = await openShell('/', makeUser({ full_name: 'Sam Support' }), { 'POST /api/logout': noContent });
    vi.mocked(reloadPage).mockClear();
    await userEvent.click(screen.getByRole('button', { name: 'Account menu of Sam Support' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: /Logout/ }));

    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    expect(calls.find((c) => c.path === '/api/logout')?.method).toBe('POST');
    expect(getToken()).toBeNull();
  });

  it('drops the token and reloads even when the logout call fails', async () => {
    await openShell('/', makeUser(), { 'POST /api/logout': () => apiError(503, 'database unavailable') });
    vi.mocked(reloadPage).mockClear();
    await userEvent.click(screen.getByRole('button', { name: /Account menu/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: /Logout/ }));
    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    expect(getToken()).toBeNull();
  });
});
