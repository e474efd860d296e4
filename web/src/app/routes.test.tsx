import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { getToken, setToken } from '../lib/api';
import { createQueryClient } from '../lib/queryClient';
import { reloadPage } from '../lib/reloadPage';
import { apiError, mockApi, never, noContent } from '../test/mockApi';
import { currentPath, jsonResponse, renderWithProviders } from '../test/render';
import { makeUser } from '../test/users';
import { AppRoutes } from './routes';

vi.mock('../features/auth/captcha/Captcha', () => import('../test/FakeCaptcha'));
vi.mock('../lib/reloadPage', () => ({ reloadPage: vi.fn() }));

const health = () => jsonResponse({ status: 'ok', database: 'ok' });

function signedInAs(user = makeUser()) {
  setToken('full-token');
  return mockApi({ 'GET /api/user': () => jsonResponse(user), 'GET /healthz': health });
}

describe('routing rules: the current-user check', () => {
  it('shows the full-page spinner while GET /api/user runs', async () => {
    setToken('stored-token');
    const calls = mockApi({ 'GET /api/user': never });
    renderWithProviders(<AppRoutes />, { route: '/history' });

    expect(await screen.findByRole('status', { name: 'Checking your session' })).toBeInTheDocument();
    expect(calls[0]?.path).toBe('/api/user');
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer stored-token');
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument();
  });

  it('makes no check without a stored token', async () => {
    const calls = mockApi({ 'GET /healthz': health });
    renderWithProviders(<AppRoutes />, { route: '/admin/login' });
    expect(await screen.findByRole('heading', { name: 'Xapa Back Office' })).toBeInTheDocument();
    expect(calls.map((c) => c.path)).not.toContain('/api/user');
  });

  it.each([
    ['401 (no, expired or revoked token)', () => apiError(401, 'Invalid token.')],
    ['403 (a pending sign-in token)', () => apiError(403, 'Finish signing in first.')],
    ['a reply without id', () => jsonResponse({ email: 'x@y.z' })],
  ])('removes the token and shows the sign-in page after %s', async (_, reply) => {
    setToken('stale-token');
    mockApi({ 'GET /api/user': reply, 'GET /healthz': health });
    renderWithProviders(<AppRoutes />, { route: '/members' });

    expect(await screen.findByRole('form', { name: 'Sign in' })).toBeInTheDocument();
    expect(currentPath()).toBe('/admin/login');
    expect(getToken()).toBeNull();
  });

  it('keeps the token and offers to try again when the server cannot be reached', async () => {
    setToken('good-token');
    let up = false;
    mockApi({
      'GET /api/user': () => (up ? jsonResponse(makeUser()) : apiError(503, 'database unavailable')),
      'GET /healthz': health,
    });
    const queryClient = createQueryClient();
    queryClient.setDefaultOptions({ queries: { retry: false } });
    renderWithProviders(<AppRoutes />, { route: '/history', queryClient });

    expect(await screen.findByText('Your session could not be checked')).toBeInTheDocument();
    expect(screen.getByText('database unavailable')).toBeInTheDocument();
    expect(getToken()).toBe('good-token');

    up = true;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'History', level: 1 })).toBeInTheDocument();
  });
});

describe('routing rules: signed out', () => {
  it.each(['/', '/history', '/roles', '/userprofile/3', '/nope', '/admin/login/extra'])(
    'sends %s to /admin/login',
    async (route) => {
      mockApi({ 'GET /healthz': health });
      renderWithProviders(<AppRoutes />, { route });
      expect(await screen.findByRole('form', { name: 'Sign in' })).toBeInTheDocument();
      expect(currentPath()).toBe('/admin/login');
    },
  );

  it.each([
    ['/admin/login', 'Staff sign-in'],
    ['/login', 'Sign in'],
    ['/reset-password?token=abc', 'Choose a new password'],
  ])('serves %s', async (route, subtitle) => {
    mockApi({ 'GET /healthz': health });
    renderWithProviders(<AppRoutes />, { route });
    expect(await screen.findByText(subtitle, { selector: 'p' })).toBeInTheDocument();
    expect(currentPath()).toBe(route);
  });
});

describe('routing rules: signed in', () => {
  it.each(['/admin/login', '/login', '/reset-password'])('sends %s to /', async (route) => {
    signedInAs();
    renderWithProviders(<AppRoutes />, { route });
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();
    expect(currentPath()).toBe('/');
  });

  it('opens a route the user may open, inside the shell', async () => {
    signedInAs();
    renderWithProviders(<AppRoutes />, { route: '/usermanagement' });
    expect(await screen.findByRole('heading', { name: 'User Management', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
  });

  it('shows "Page not found" inside the shell for an unknown path', async () => {
    signedInAs();
    renderWithProviders(<AppRoutes />, { route: '/no/such/screen' });
    expect(await screen.findByText('Page not found', { selector: '.ant-result-title' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
    expect(currentPath()).toBe('/no/such/screen');
  });

  it('shows Access Denied, never the page, for a typed route without its permission', async () => {
    signedInAs(); // Support: no ADMIN_ROLES_LIST
    renderWithProviders(<AppRoutes />, { route: '/roles' });
    expect(await screen.findByText('Access Denied')).toBeInTheDocument();
    expect(screen.getByText('You do not have permission to open Roles and Permissions.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Roles and Permissions', level: 1 })).not.toBeInTheDocument();
    expect(screen.queryByText('This screen is being built.')).not.toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
  });

  it('forces the Google Authenticator set-up on any route while it is off', async () => {
    setToken('setup-token');
    mockApi({
      'GET /api/user': () => jsonResponse(makeUser({ isGoogleAuthenticatorEnabled: false })),
      'GET /api/user/2fa/googleAuthenticator': never,
    });
    renderWithProviders(<AppRoutes />, { route: '/history' });
    expect(await screen.findByRole('heading', { name: 'Set up Google Authenticator' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument();
  });
});

describe('Access Denied for a user without permissions', () => {
  it('shows Access Denied with LogOut, which logs out, drops the token and reloads', async () => {
    setToken('customer-token');
    const calls = mockApi({
      'GET /api/user': () => jsonResponse(makeUser({ permissions: [], roles: [], role: null, userRoles: [] })),
      'POST /api/logout': noContent,
    });
    renderWithProviders(<AppRoutes />, { route: '/history' });

    const result = await screen.findByText('Access Denied');
    expect(result).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'LogOut' }));
    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    const logout = calls.find((c) => c.path === '/api/logout');
    expect(logout?.method).toBe('POST');
    expect(logout?.headers.get('Authorization')).toBe('Bearer customer-token');
    expect(getToken()).toBeNull();
  });

  it('drops the token and reloads even when the logout call fails', async () => {
    setToken('customer-token');
    mockApi({
      'GET /api/user': () => jsonResponse(makeUser({ permissions: [] })),
      'POST /api/logout': () => apiError(500, 'boom'),
    });
    vi.mocked(reloadPage).mockClear();
    renderWithProviders(<AppRoutes />, { route: '/' });
    await userEvent.click(await screen.findByRole('button', { name: 'LogOut' }));
    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    expect(getToken()).toBeNull();
  });
});

describe('session end', () => {
  it('signs out when another call answers 401', async () => {
    signedInAs();
    const { queryClient } = renderWithProviders(<AppRoutes />, { route: '/history' });
    expect(await screen.findByRole('heading', { name: 'History', level: 1 })).toBeInTheDocument();

    // A later screen's query finds the session gone.
    const { ApiError } = await import('../lib/api');
    await queryClient
      .fetchQuery({
        queryKey: ['some', 'list'],
        queryFn: () => Promise.reject(new ApiError(401, 'Session expired.')),
        retry: false,
      })
      .catch(() => undefined);

    expect(await screen.findByRole('form', { name: 'Sign in' })).toBeInTheDocument();
    expect(getToken()).toBeNull();
    expect(within(document.body).getByText('Your session has ended. Please sign in again.')).toBeInTheDocument();
  });
});
