import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AppRoutes } from '../../../app/routes';
import { getToken, setToken } from '../../../lib/api';
import type { ApiCall, ApiHandler } from '../../../test/mockApi';
import { apiError, mockApi } from '../../../test/mockApi';
import { currentPath, jsonResponse, renderWithProviders } from '../../../test/render';
import { makeUser } from '../../../test/users';

const SETUP = {
  issuer: 'Xapa',
  account: 'ann@example.com',
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  otpauth_url: 'otpauth://totp/Xapa:ann@example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Xapa',
};

async function openSetup(verify: ApiHandler) {
  setToken('setup-token');
  let enabled = false;
  const calls = mockApi({
    'GET /api/user': () => jsonResponse(makeUser({ isGoogleAuthenticatorEnabled: enabled })),
    'GET /api/user/2fa/googleAuthenticator': () => jsonResponse(SETUP),
    'POST /api/2fa/googleAuthenticator': (call) => {
      const reply = verify(call);
      if (reply instanceof Response && reply.ok) enabled = true;
      return reply;
    },
  });
  renderWithProviders(<AppRoutes />, { route: '/members' });
  await screen.findByRole('form', { name: 'Set up Google Authenticator' });
  return calls;
}

const codeCalls = (calls: ApiCall[]) => calls.filter((c) => c.path === '/api/2fa/googleAuthenticator');

describe('Set up Google Authenticator', () => {
  it('shows the QR code of the otpauth URL and the secret in text', async () => {
    await openSetup(() => apiError(500, 'unused'));
    expect(screen.getByRole('heading', { name: 'Set up Google Authenticator' })).toBeInTheDocument();
    expect(screen.getByTestId('ga-secret')).toHaveTextContent(SETUP.secret);
    expect(screen.getByText(/ann@example\.com/)).toBeInTheDocument();
    expect(document.querySelector('.ant-qrcode svg')).not.toBeNull();
    expect(screen.getByRole('button', { name: /copy/i })).toBeInTheDocument();
  });

  it('keeps the code field disabled until the password has 4 characters', async () => {
    await openSetup(() => apiError(500, 'unused'));
    const code = screen.getByLabelText('Code');
    expect(code).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Password'), 'abc');
    expect(code).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Password'), 'd');
    expect(code).toBeEnabled();
  });

  it('submits by itself at the 6th digit with the password, then signs in with the full token', async () => {
    const calls = await openSetup(() => jsonResponse({ token: 'full-token' }));
    await userEvent.type(screen.getByLabelText('Password'), 'S3cure-pass-9');
    await userEvent.type(screen.getByLabelText('Code'), '12345');
    expect(codeCalls(calls)).toHaveLength(0);
    await userEvent.type(screen.getByLabelText('Code'), '6');

    // Then the user is loaded again and the app goes to '/' (from /members, where the set-up was forced).
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();
    const [call] = codeCalls(calls);
    expect(call?.body).toEqual({ code: '123456', password: 'S3cure-pass-9' });
    expect(call?.headers.get('Authorization')).toBe('Bearer setup-token');
    expect(getToken()).toBe('full-token');
    expect(currentPath()).toBe('/');
  });

  it('shows "Invalid Code" for a wrong code and clears the code field', async () => {
    await openSetup(() => apiError(400, 'Invalid Code'));
    await userEvent.type(screen.getByLabelText('Password'), 'S3cure-pass-9');
    await userEvent.type(screen.getByLabelText('Code'), '000000');

    expect(await screen.findByText('Invalid Code')).toBeInTheDocument();
    expect(screen.getByLabelText('Code')).toHaveValue('');
    await waitFor(() => expect(screen.getByLabelText('Code')).toHaveFocus());
    expect(screen.getByLabelText('Password')).toHaveValue('S3cure-pass-9');

    await userEvent.type(screen.getByLabelText('Code'), '1');
    expect(screen.queryByText('Invalid Code')).not.toBeInTheDocument();

    // Verify stays a live button (not pale, not busy); pressed too early, it says what is missing.
    const verify = screen.getByRole('button', { name: /Verify/ });
    expect(verify).toBeEnabled();
    expect(verify).not.toHaveClass('ant-btn-loading');
    await userEvent.click(verify);
    expect(await screen.findByText('Enter all 6 digits of the code.')).toBeInTheDocument();
  });

  it('shows the wrong password on the password field', async () => {
    await openSetup(() => apiError(400, 'Invalid password.', [{ field: 'password', message: 'Invalid password.' }]));
    await userEvent.type(screen.getByLabelText('Password'), 'wrong-pass');
    await userEvent.type(screen.getByLabelText('Code'), '123456');

    expect(await screen.findByText('Invalid password.')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Invalid Code')).not.toBeInTheDocument();
  });

  it('shows other failures above the form', async () => {
    await openSetup(() => apiError(429, 'Too many attempts.'));
    await userEvent.type(screen.getByLabelText('Password'), 'S3cure-pass-9');
    await userEvent.type(screen.getByLabelText('Code'), '123456');
    expect(await screen.findByText('Too many attempts.')).toBeInTheDocument();
  });
});
