import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '../../app/routes';
import { getToken } from '../../lib/api';
import { apiError, mockApi, never } from '../../test/mockApi';
import { currentPath, jsonResponse, renderWithProviders } from '../../test/render';
import { makeUser } from '../../test/users';
import { canRegister } from './rules';

vi.mock('./captcha/Captcha', () => import('../../test/FakeCaptcha'));

const health = () => jsonResponse({ status: 'ok', database: 'ok' });

async function openLogin(routes: Parameters<typeof mockApi>[0] = {}) {
  const calls = mockApi({ 'GET /healthz': health, ...routes });
  renderWithProviders(<AppRoutes />, { route: '/login' });
  await screen.findByRole('form', { name: 'Sign in' });
  return calls;
}

describe('/login: login panel', () => {
  it('has email, password, the reset link, Create Account and (after the captcha) Login', async () => {
    await openLogin();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Forgot your password? Rest it' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Login' })).not.toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Email'), 'ann@example.com');
    await userEvent.type(screen.getByLabelText('Password'), '1234');
    await userEvent.click(screen.getByRole('button', { name: 'Solve captcha' }));
    expect(screen.getByRole('button', { name: 'Login' })).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Password'), '5');
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
  });

  it('sends the email as username and goes on like /admin/login (code step)', async () => {
    const calls = await openLogin({
      'POST /api/login': () => jsonResponse({ token: 'p', data: { '2FaStatus': { googleAuthenticator: true } } }),
    });
    await userEvent.type(screen.getByLabelText('Email'), 'ann@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret-pass');
    await userEvent.click(screen.getByRole('button', { name: 'Solve captcha' }));
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('form', { name: 'Two-step verification' })).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/login')?.body).toMatchObject({ username: 'ann@example.com' });
    expect(screen.queryByRole('button', { name: 'Create Account' })).not.toBeInTheDocument();
  });

  it('shows an error state when the reply carries no token', async () => {
    await openLogin({ 'POST /api/login': () => jsonResponse({ data: {} }) });
    await userEvent.type(screen.getByLabelText('Email'), 'ann@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret-pass');
    await userEvent.click(screen.getByRole('button', { name: 'Solve captcha' }));
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('The server did not sign you in. Please try again.')).toBeInTheDocument();
  });
});

describe('/login: register panel', () => {
  const valid = {
    fullName: 'Ann Example',
    email: 'ann@example.com',
    password: 'abcde',
    confirmPassword: 'abcde',
    referralId: '',
    acceptTerms: true,
  };

  it('canRegister: password 5+, confirmation equal, email 10+, terms ticked', () => {
    expect(canRegister(valid)).toBe(true);
    expect(canRegister({ ...valid, password: 'abcd', confirmPassword: 'abcd' })).toBe(false);
    expect(canRegister({ ...valid, confirmPassword: 'abcdf' })).toBe(false);
    expect(canRegister({ ...valid, email: 'a@b.co.uk' })).toBe(false); // 9 characters
    expect(canRegister({ ...valid, email: 'an@b.co.uk' })).toBe(true); // 10 characters
    expect(canRegister({ ...valid, acceptTerms: false })).toBe(false);
    expect(canRegister({ ...valid, fullName: '' })).toBe(true); // the name is not checked
  });

  async function openRegister(routes: Parameters<typeof mockApi>[0] = {}) {
    const calls = await openLogin(routes);
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    await screen.findByRole('form', { name: 'Register' });
    return calls;
  }

  it('enables Register only once every rule holds', async () => {
    await openRegister();
    const registerButton = screen.getByRole('button', { name: 'Register' });
    expect(registerButton).toBeDisabled();

    await userEvent.type(screen.getByLabelText('Name'), 'Ann Example');
    await userEvent.type(screen.getByLabelText('Email'), 'ann@ex.io'); // 9 characters
    await userEvent.type(screen.getByLabelText('Password'), 'abcde');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'abcde');
    await userEvent.click(screen.getByRole('checkbox', { name: 'I agree to the terms and conditions' }));
    expect(registerButton).toBeDisabled();

    await userEvent.type(screen.getByLabelText('Email'), 'x'); // 10
    expect(registerButton).toBeEnabled();

    await userEvent.type(screen.getByLabelText('Confirm Password'), 'f');
    expect(registerButton).toBeDisabled();
    expect(screen.getByText('The two passwords differ.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Confirm Password'), '{Backspace}');
    expect(registerButton).toBeEnabled();

    await userEvent.click(screen.getByRole('checkbox', { name: 'I agree to the terms and conditions' }));
    expect(registerButton).toBeDisabled();
  });

  it('sends the register payload and signs the new account in (set-up follows)', async () => {
    const calls = await openRegister({
      'POST /api/register': () => jsonResponse({ token: 'new-setup-token', data: { user: {} } }, { status: 201 }),
      'GET /api/user': () => jsonResponse(makeUser({ isGoogleAuthenticatorEnabled: false, permissions: [] })),
      'GET /api/user/2fa/googleAuthenticator': never,
    });
    await userEvent.type(screen.getByLabelText('Name'), 'Ann Example');
    await userEvent.type(screen.getByLabelText('Email'), 'ann@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'abcdef');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'abcdef');
    await userEvent.type(screen.getByLabelText('Referral ID'), 'SAM123');
    await userEvent.click(screen.getByRole('checkbox', { name: 'I agree to the terms and conditions' }));
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByRole('heading', { name: 'Set up Google Authenticator' })).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/register')?.body).toEqual({
      email: 'ann@example.com',
      username: 'ann@example.com',
      full_name: 'Ann Example',
      invited_by: 'SAM123',
      device_type: 'Web',
      plainPassword: { first: 'abcdef', second: 'abcdef' },
    });
    expect(getToken()).toBe('new-setup-token');
    expect(currentPath()).toBe('/');
  });

  it('shows msg from the reply on any other status', async () => {
    await openRegister({
      'POST /api/register': () =>
        jsonResponse(
          { code: 400, message: 'Bad input.', msg: 'This email is already used.', errors: [] },
          { status: 400 },
        ),
    });
    await userEvent.type(screen.getByLabelText('Email'), 'ann@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'abcdef');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'abcdef');
    await userEvent.click(screen.getByRole('checkbox', { name: 'I agree to the terms and conditions' }));
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('This email is already used.')).toBeInTheDocument();
    expect(getToken()).toBeNull();
  });

  it('goes back to the login panel', async () => {
    await openRegister();
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('form', { name: 'Sign in' })).toBeInTheDocument();
  });
});

describe('/login: reset panel', () => {
  it('asks for a reset link and says so whatever the account', async () => {
    const calls = await openLogin({ 'POST /api/password/reset': () => new Response(null, { status: 202 }) });
    await userEvent.click(screen.getByRole('button', { name: 'Forgot your password? Rest it' }));
    const reset = screen.getByRole('button', { name: 'Reset' });
    expect(reset).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Email'), 'ann@example.com');
    await userEvent.click(reset);

    expect(
      await screen.findByText('If an account exists for this email, we have sent a link to reset the password.'),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/password/reset')?.body).toEqual({ email: 'ann@example.com' });

    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('form', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('shows a failure (e.g. throttled)', async () => {
    await openLogin({ 'POST /api/password/reset': () => apiError(429, 'Too many requests. Try again later.') });
    await userEvent.click(screen.getByRole('button', { name: 'Forgot your password? Rest it' }));
    await userEvent.type(screen.getByLabelText('Email'), 'ann@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(await screen.findByText('Too many requests. Try again later.')).toBeInTheDocument();
  });
});

describe('/reset-password', () => {
  it('sets the new password with the token from the link', async () => {
    const calls = mockApi({ 'GET /healthz': health, 'POST /api/password/reset/confirm': () => new Response(null, { status: 204 }) });
    renderWithProviders(<AppRoutes />, { route: '/reset-password?token=tok-123' });
    const change = await screen.findByRole('button', { name: 'Change password' });
    await userEvent.type(screen.getByLabelText('New password'), 'short');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'short');
    expect(change).toBeDisabled(); // the server needs 8+
    await userEvent.clear(screen.getByLabelText('New password'));
    await userEvent.clear(screen.getByLabelText('Confirm new password'));
    await userEvent.type(screen.getByLabelText('New password'), 'a-Long-pass-42');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'a-Long-pass-42');
    await userEvent.click(change);

    expect(await screen.findByText('Your password has been changed. You can sign in with it now.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to sign-in' })).toHaveAttribute('href', '/admin/login');
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/password/reset/confirm')?.body).toEqual({
        token: 'tok-123',
        password: 'a-Long-pass-42',
      }),
    );
  });

  it("shows the server's first error (expired link, weak password)", async () => {
    mockApi({
      'GET /healthz': health,
      'POST /api/password/reset/confirm': () =>
        apiError(400, 'Invalid input.', [{ field: 'token', message: 'This link has expired. Ask for a new one.' }]),
    });
    renderWithProviders(<AppRoutes />, { route: '/reset-password?token=old' });
    await userEvent.type(await screen.findByLabelText('New password'), 'a-Long-pass-42');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'a-Long-pass-42');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('This link has expired. Ask for a new one.')).toBeInTheDocument();
  });

  it('says the link is not valid without a token', async () => {
    mockApi({ 'GET /healthz': health });
    renderWithProviders(<AppRoutes />, { route: '/reset-password' });
    expect(await screen.findByText('This link is not valid. Ask for a new one from the sign-in page.')).toBeInTheDocument();
  });
});
