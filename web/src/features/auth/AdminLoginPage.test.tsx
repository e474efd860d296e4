import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RECOVERY_CODE_REFUSED } from './twofactor/CodeStep';
import { AppRoutes } from '../../app/routes';
import { getToken } from '../../lib/api';
import type { ApiCall } from '../../test/mockApi';
import { apiError, mockApi, never } from '../../test/mockApi';
import { currentPath, jsonResponse, renderWithProviders } from '../../test/render';
import { makeUser } from '../../test/users';

vi.mock('./captcha/Captcha', () => import('../../test/FakeCaptcha'));
const browser = vi.hoisted(() => ({ startRegistration: vi.fn(), startAuthentication: vi.fn() }));
vi.mock('@simplewebauthn/browser', () => browser);

const health = () => jsonResponse({ status: 'ok', database: 'ok' });

function loginReply(googleAuthenticator: boolean, token: string) {
  return () => jsonResponse({ token, data: { '2FaStatus': { googleAuthenticator } } });
}

async function fillCredentials(username = 'demo', password = 'Xapa-demo-2026') {
  await userEvent.type(screen.getByLabelText('Username'), username);
  await userEvent.type(screen.getByLabelText('Password'), password);
}

function loginCalls(calls: ApiCall[]) {
  return calls.filter((c) => c.path === '/api/login');
}

describe('/admin/login: page', () => {
  it('shows the title, the subtitle and "Server: ok" when /healthz answers ok', async () => {
    const calls = mockApi({ 'GET /healthz': health });
    renderWithProviders(<AppRoutes />, { route: '/admin/login' });

    expect(await screen.findByRole('heading', { name: 'Xapa Back Office' })).toBeInTheDocument();
    expect(screen.getByText('Staff sign-in')).toBeInTheDocument();
    expect(await screen.findByText('Server: ok')).toHaveClass('light-tag--green');
    expect(calls[0]?.path).toBe('/healthz');
  });

  it('shows "Server: unavailable" when /healthz answers 503, at once', async () => {
    const calls = mockApi({ 'GET /healthz': () => apiError(503, 'database unavailable') });
    renderWithProviders(<AppRoutes />, { route: '/admin/login' });
    expect(await screen.findByText('Server: unavailable')).toHaveClass('light-tag--red');
    expect(calls).toHaveLength(1);
  });

  it('shows a spinner while the server check runs', async () => {
    mockApi({ 'GET /healthz': never });
    renderWithProviders(<AppRoutes />, { route: '/admin/login' });
    expect(await screen.findByText('Checking server…')).toBeInTheDocument();
  });
});

describe('/admin/login: credentials and captcha', () => {
  it('shows the Login button only once the captcha is solved', async () => {
    mockApi({ 'GET /healthz': health });
    renderWithProviders(<AppRoutes />, { route: '/admin/login' });
    await screen.findByRole('form', { name: 'Sign in' });
    await fillCredentials();

    expect(screen.queryByRole('button', { name: 'Login' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Solve captcha' }));
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
  });

  it('keeps Login disabled while the password is shorter than 5 characters', async () => {
    mockApi({ 'GET /healthz': health });
    renderWithProviders(<AppRoutes />, { route: '/admin/login' });
    await screen.findByRole('form', { name: 'Sign in' });
    await userEvent.click(screen.getByRole('button', { name: 'Solve captcha' }));
    await fillCredentials('demo', 'abcd');

    const login = screen.getByRole('button', { name: 'Login' });
    expect(login).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Password'), 'e');
    expect(login).toBeEnabled();
  });

  it('sends username, password and the captcha payload', async () => {
    const calls = mockApi({ 'GET /healthz': health, 'POST /api/login': never });
    renderWithProviders(<AppRoutes />, { route: '/admin/login' });
    await screen.findByRole('form', { name: 'Sign in' });
    await fillCredentials(' demo ', 'Xapa-demo-2026');
    await userEvent.click(screen.getByRole('button', { name: 'Solve captcha' }));
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));

    const [call] = loginCalls(calls);
    expect(call?.method).toBe('POST');
    expect(call?.body).toEqual({
      username: 'demo',
      password: 'Xapa-demo-2026',
      captcha_token: expect.stringMatching(/^captcha-payload-\d+$/),
    });
    expect(call?.headers.has('Authorization')).toBe(false);
  });

  it('shows "Invalid credentials." on 401 and asks for the captcha again', async () => {
    const calls = mockApi({
      'GET /healthz': health,
      'POST /api/login': () => apiError(401, 'Invalid credentials.'),
    });
    renderWithProviders(<AppRoutes />, { route: '/admin/login' });
    await screen.findByRole('form', { name: 'Sign in' });
    await fillCredentials();
    await userEvent.click(screen.getByRole('button', { name: 'Solve captcha' }));
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByText('Invalid credentials.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Login' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Solve captcha' }));
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(loginCalls(calls)).toHaveLength(2));
    const [first, second] = loginCalls(calls).map((c) => (c.body as { captcha_token: string }).captcha_token);
    expect(second).not.toBe(first);
    expect(getToken()).toBeNull();
  });

  it('asks for the longer captcha from then on when the server says the account needs it', async () => {
    const message = 'Many sign-ins to this account have failed lately: solve the longer check, then sign in again.';
    const calls = mockApi({
      'GET /healthz': health,
      'POST /api/login': () => apiError(401, message, [{ field: 'captcha_token', message }]),
    });
    renderWithProviders(<AppRoutes />, { route: '/admin/login' });
    await screen.findByRole('form', { name: 'Sign in' });
    await fillCredentials();
    await userEvent.click(screen.getByRole('button', { name: 'Solve captcha' }));
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    for (let round = 0; round < 2; round += 1) {
      await userEvent.click(screen.getByRole('button', { name: 'Solve captcha' }));
      await userEvent.click(screen.getByRole('button', { name: 'Login' }));
      await waitFor(() => expect(loginCalls(calls)).toHaveLength(round + 2));
    }
    const tokens = loginCalls(calls).map((c) => (c.body as { captcha_token: string }).captcha_token);
    expect(tokens[0]).toMatch(/^captcha-payload-\d+$/);
    expect(tokens.slice(1)).toEqual([expect.stringMatching(/-high$/), expect.stringMatching(/-high$/)]);
  });

  it("shows the server's message when sign-in is throttled (429)", async () => {
    mockApi({
      'GET /healthz': health,
      'POST /api/login': () =>
        jsonResponse(
          { code: 429, message: 'Too many attempts. Try again in 15 minutes.', errors: [] },
          { status: 429, headers: { 'Retry-After': '900' } },
        ),
    });
    renderWithProviders(<AppRoutes />, { route: '/admin/login' });
    await screen.findByRole('form', { name: 'Sign in' });
    await fillCredentials();
    await userEvent.click(screen.getByRole('button', { name: 'Solve captcha' }));
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Too many attempts. Try again in 15 minutes.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Solve captcha' })).toBeInTheDocument();
  });
});

describe('/admin/login: Google Authenticator code', () => {
  async function reachCodeStep(routes: Parameters<typeof mockApi>[0]) {
    const calls = mockApi({ 'GET /healthz': health, 'POST /api/login': loginReply(true, 'pending-token'), ...routes });
    renderWithProviders(<AppRoutes />, { route: '/admin/login' });
    await screen.findByRole('form', { name: 'Sign in' });
    await fillCredentials();
    await userEvent.click(screen.getByRole('button', { name: 'Solve captcha' }));
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    await screen.findByRole('form', { name: 'Two-step verification' });
    return calls;
  }

  const codeCalls = (calls: ApiCall[]) => calls.filter((c) => c.path === '/api/2fa/googleAuthenticator');

  it('goes to the code step, keeping the pending token out of storage', async () => {
    await reachCodeStep({});
    expect(screen.getByText('Two-step verification')).toBeInTheDocument();
    expect(screen.getByLabelText('Code')).toHaveFocus();
    expect(getToken()).toBeNull();
  });

  it('submits by itself at the 6th digit, with the pending token, then signs in with the full token', async () => {
    const calls = await reachCodeStep({
      'POST /api/2fa/googleAuthenticator': () => jsonResponse({ token: 'full-token' }),
      'GET /api/user': () => jsonResponse(makeUser()),
    });
    const code = screen.getByLabelText('Code');
    await userEvent.type(code, '12345');
    expect(codeCalls(calls)).toHaveLength(0);
    await userEvent.type(code, '6');

    await waitFor(() => expect(codeCalls(calls)).toHaveLength(1));
    const [call] = codeCalls(calls);
    expect(call?.body).toEqual({ code: '123456', password: '' });
    expect(call?.headers.get('Authorization')).toBe('Bearer pending-token');

    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();
    expect(getToken()).toBe('full-token');
    expect(currentPath()).toBe('/');
    const userCall = calls.find((c) => c.path === '/api/user');
    expect(userCall?.headers.get('Authorization')).toBe('Bearer full-token');
  });

  it('shows "invalid Code" for a wrong code and lets the user try again', async () => {
    let attempts = 0;
    const calls = await reachCodeStep({
      'POST /api/2fa/googleAuthenticator': () => {
        attempts += 1;
        return attempts === 1 ? apiError(400, 'Invalid Code') : jsonResponse({ token: 'full-token' });
      },
      'GET /api/user': () => jsonResponse(makeUser()),
    });
    await userEvent.type(screen.getByLabelText('Code'), '000000');
    expect(await screen.findByText('invalid Code')).toBeInTheDocument();
    expect(screen.getByLabelText('Code')).toHaveAttribute('aria-invalid', 'true');

    await userEvent.clear(screen.getByLabelText('Code'));
    expect(screen.queryByText('invalid Code')).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Code'), '654321');
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();
    expect(codeCalls(calls).map((c) => (c.body as { code: string }).code)).toEqual(['000000', '654321']);
  });

  it('goes back to the credentials with a message when the pending sign-in is revoked (401)', async () => {
    await reachCodeStep({ 'POST /api/2fa/googleAuthenticator': () => apiError(401, 'Invalid token.') });
    await userEvent.type(screen.getByLabelText('Code'), '111111');
    expect(await screen.findByRole('form', { name: 'Sign in' })).toBeInTheDocument();
    expect(
      screen.getByText('Too many wrong codes, or the sign-in took too long. Please sign in again.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Solve captcha' })).toBeInTheDocument();
  });

  it('takes a recovery code in place of the authenticator code, and says so when it is refused', async () => {
    let attempts = 0;
    const calls = await reachCodeStep({
      'POST /api/2fa/googleAuthenticator': () => {
        attempts += 1;
        return attempts === 1 ? apiError(400, 'Invalid Code') : jsonResponse({ token: 'full-token' });
      },
      'GET /api/user': () => jsonResponse(makeUser()),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    const field = await screen.findByLabelText('Recovery code');
    expect(field).toHaveFocus();
    await userEvent.type(field, 'abcd-efgh{Enter}');
    expect(await screen.findByText('Enter a recovery code as XXXX-XXXX-XXXX-XXXX.')).toBeInTheDocument();
    expect(codeCalls(calls)).toHaveLength(0);

    await userEvent.type(field, '-jkmn-pqrs{Enter}');
    expect(await screen.findByText(RECOVERY_CODE_REFUSED)).toBeInTheDocument();
    await userEvent.clear(field);
    await userEvent.type(field, 'ABCD-EFGH-JKMN-PQRT{Enter}');
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();
    expect(codeCalls(calls).map((c) => (c.body as { code: string }).code)).toEqual(['abcd-efgh-jkmn-pqrs', 'ABCD-EFGH-JKMN-PQRT']);
  });

  it('signs in with a passkey where the browser offers them: begin and finish with the pending token', async () => {
    Object.defineProperty(window, 'PublicKeyCredential', { value: function PublicKeyCredential() {}, configurable: true });
    Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
    try {
      const answer = { id: 'k1', rawId: 'k1', type: 'public-key', response: { signature: 's' } };
      let begun = 0;
      const calls = await reachCodeStep({
        'POST /api/2fa/passkey/begin': () => {
          begun += 1;
          return begun === 1
            ? apiError(400, 'This account has no passkey.', [{ field: 'passkey', message: 'This account has no passkey.' }])
            : jsonResponse({ publicKey: { challenge: 'c2' } });
        },
        'POST /api/2fa/passkey/finish': () => jsonResponse({ token: 'full-token' }),
        'GET /api/user': () => jsonResponse(makeUser()),
      });
      browser.startAuthentication.mockResolvedValue(answer);
      await userEvent.click(screen.getByRole('button', { name: 'Use a passkey' }));
      expect(await screen.findByText('This account has no passkey.')).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Use a passkey' }));
      expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();
      expect(getToken()).toBe('full-token');
      const finish = calls.find((c) => c.path === '/api/2fa/passkey/finish');
      expect(finish?.body).toEqual({ credential: answer });
      expect(finish?.headers.get('Authorization')).toBe('Bearer pending-token');
      expect(browser.startAuthentication).toHaveBeenCalledWith({ optionsJSON: { challenge: 'c2' } });
    } finally {
      Reflect.deleteProperty(window, 'PublicKeyCredential');
      Reflect.deleteProperty(window, 'isSecureContext');
    }
  });

  it('offers no passkey where the browser has none', async () => {
    await reachCodeStep({});
    expect(screen.queryByRole('button', { name: 'Use a passkey' })).toBeNull();
  });

  it('goes back from the recovery code to the authenticator code', async () => {
    await reachCodeStep({});
    await userEvent.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Use the authenticator code' }));
    expect(await screen.findByLabelText('Code')).toHaveFocus();
  });

  it('"Back to sign-in" revokes the pending token', async () => {
    const calls = await reachCodeStep({ 'POST /api/logout': () => new Response(null, { status: 204 }) });
    await userEvent.click(screen.getByRole('button', { name: 'Back to sign-in' }));
    expect(await screen.findByRole('form', { name: 'Sign in' })).toBeInTheDocument();
    const logout = calls.find((c) => c.path === '/api/logout');
    expect(logout?.headers.get('Authorization')).toBe('Bearer pending-token');
  });
});

describe('/admin/login: Google Authenticator off', () => {
  it('stores the setup token and shows the set-up screen', async () => {
    const calls = mockApi({
      'GET /healthz': health,
      'POST /api/login': loginReply(false, 'setup-token'),
      'GET /api/user': () => jsonResponse(makeUser({ isGoogleAuthenticatorEnabled: false })),
      'GET /api/user/2fa/googleAuthenticator': never,
    });
    renderWithProviders(<AppRoutes />, { route: '/admin/login' });
    await screen.findByRole('form', { name: 'Sign in' });
    await fillCredentials('newstaff', 'S3cure-pass-9');
    await userEvent.click(screen.getByRole('button', { name: 'Solve captcha' }));
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('heading', { name: 'Set up Google Authenticator' })).toBeInTheDocument();
    expect(getToken()).toBe('setup-token');
    expect(currentPath()).toBe('/');
    expect(calls.find((c) => c.path === '/api/user/2fa/googleAuthenticator')?.headers.get('Authorization')).toBe(
      'Bearer setup-token',
    );
  });
});
