import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { getToken } from '../../lib/api';
import { createQueryClient } from '../../lib/queryClient';
import { reloadPage } from '../../lib/reloadPage';
import type { ApiCall, ApiHandler } from '../../test/mockApi';
import { apiError, mockApi, noContent } from '../../test/mockApi';
import { jsonResponse, renderWithProviders } from '../../test/render';
import { SUPPORT_PERMISSIONS, makeUser, signedInAs } from '../../test/users';
import { PASSWORD_CHANGED } from './ChangePasswordCard';
import { AUTHENTICATOR_RESET } from './GoogleAuthenticatorCard';
import SecurityPage from './SecurityPage';
import { makeOwnSession } from './sessionTestData';
import { NOT_FOR_STAFF } from './UnavailableCard';

vi.mock('../../lib/reloadPage', () => ({ reloadPage: vi.fn() }));

const THIS_ONE = makeOwnSession();
const PHONE = makeOwnSession({
  id: 12,
  current: false,
  platform: 'Android',
  deviceModel: 'Pixel 8',
  ip: '198.51.100.20',
  createdAt: '2026-11-21T18:00:00+00:00',
});
const LAPTOP = makeOwnSession({ id: 13, current: false, deviceModel: 'Firefox 133 on Linux', ip: '' });

/** Signs the Support user in and answers the page's calls; `routes` adds or replaces some. */
function setUp(routes: Record<string, ApiHandler> = {}, sessions = [THIS_ONE, PHONE, LAPTOP]) {
  return mockApi({
    ...signedInAs(SUPPORT_PERMISSIONS),
    'GET /api/user/sessions': () => jsonResponse({ sessions }),
    'GET /api/user/recovery-codes': () => jsonResponse({ remaining: 10 }),
    'GET /api/user/passkeys': () => jsonResponse({ passkeys: [] }),
    ...routes,
  });
}

const region = (name: string) => screen.getByRole('region', { name });
const rowOf = (id: number) => document.querySelector(`tr[data-row-key="${id}"]`) as HTMLElement;
const sessionListCalls = (calls: ApiCall[]) => calls.filter((c) => c.method === 'GET' && c.path === '/api/user/sessions').length;

async function openPage() {
  const view = renderWithProviders(<SecurityPage />);
  await screen.findByText('198.51.100.20');
  // The authenticator's status comes from the signed-in user.
  await within(region('Google Authenticator')).findByText('On');
  return view;
}

async function fillPassword(user: ReturnType<typeof userEvent.setup>, old: string, next: string, confirm = next) {
  await user.type(screen.getByLabelText('Current password'), old);
  await user.type(screen.getByLabelText('New password'), next);
  await user.type(screen.getByLabelText('Confirm new password'), confirm);
}

describe('<SecurityPage>', () => {
  it('shows each section in a card of its own: password, authenticator, passkeys, recovery codes, sessions, and the two staff do not have', async () => {
    setUp();
    await openPage();
    for (const name of ['Change password', 'Google Authenticator', 'Passkeys', 'Recovery codes', 'Your sessions']) {
      expect(region(name)).toBeInTheDocument();
    }
    expect(screen.queryByText('This page is a static preview.')).not.toBeInTheDocument();
    expect(within(region('Google Authenticator')).getByText('Each sign-in asks for a code from the authenticator app on your phone.')).toBeInTheDocument();
    expect(await within(region('Recovery codes')).findByText('10 unused recovery codes left.')).toBeInTheDocument();
    expect(await within(region('Passkeys')).findByText('No passkeys yet.')).toBeInTheDocument();
  });

  it('marks SMS and identity "Not available for staff accounts", every control disabled, with the reason', async () => {
    setUp();
    await openPage();
    for (const [name, why] of [
      ['SMS two-step verification', /Staff accounts sign in with Google Authenticator/],
      ['Identity', /customer accounts only/],
    ] as const) {
      const card = region(`${name} (${NOT_FOR_STAFF.toLowerCase()})`);
      expect(within(card).getByText(NOT_FOR_STAFF)).toBeInTheDocument();
      expect(within(card).getByText(why)).toBeInTheDocument();
      const controls = [...within(card).queryAllByRole('button'), ...within(card).queryAllByRole('textbox')];
      expect(controls.length).toBeGreaterThan(0);
      for (const control of controls) expect(control).toBeDisabled();
    }
    expect(screen.getByLabelText('Phone number')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Send code' })).toBeDisabled();
    expect(screen.getByRole('button', { name: /Upload ID/ })).toBeDisabled();
  });

  it('lists the sessions, newest first, this device tagged and not revocable', async () => {
    setUp();
    await openPage();
    const table = within(region('Your sessions'));
    expect(table.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Platform',
      'Device',
      'IP',
      'Signed in (UTC)',
      'Last active (UTC)',
      'Revoke',
    ]);
    expect([...document.querySelectorAll('tr[data-row-key]')].map((tr) => tr.getAttribute('data-row-key'))).toEqual(['11', '12', '13']);
    expect(within(rowOf(11)).getByText('This session')).toBeInTheDocument();
    expect(within(rowOf(11)).queryByRole('button')).toBeNull();
    expect(within(rowOf(12)).queryByText('This session')).toBeNull();
    const cells = within(rowOf(12)).getAllByRole('cell').map((c) => c.textContent);
    expect(cells.slice(0, 3)).toEqual(['Android', 'Pixel 8', '198.51.100.20']);
    expect(cells[3]).toBe('2026-11-21 18:00:00');
    // The browser and system in words, the whole user agent behind it (its tooltip); no address reads as a dash.
    expect(within(rowOf(11)).getByText('Chrome 131 on Linux')).toHaveAttribute('data-user-agent', THIS_ONE.deviceModel);
    expect(within(rowOf(13)).getAllByRole('cell')[2]).toHaveTextContent('—');
  });

  it('revokes another session only after the confirmation, then reloads the list', async () => {
    const user = userEvent.setup({ delay: null });
    let sessions = [THIS_ONE, PHONE, LAPTOP];
    const calls = setUp({
      'GET /api/user/sessions': () => jsonResponse({ sessions }),
      'DELETE /api/user/sessions/12': () => {
        sessions = [THIS_ONE, LAPTOP];
        return noContent();
      },
    });
    await openPage();
    const revoke = within(rowOf(12)).getByRole('button', { name: /^Revoke/ });
    await user.click(revoke);
    const confirm = await screen.findByRole('tooltip');
    expect(within(confirm).getByText('Revoke this session?')).toBeInTheDocument();
    expect(within(confirm).getByText(/Android, Pixel 8 from 198\.51\.100\.20 \(signed in .*\) will be signed out\./)).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await user.click(revoke);
    await user.click(within(await screen.findByRole('tooltip')).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('The session has been signed out.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/user/sessions/12']);
    await waitFor(() => expect(screen.queryByText('198.51.100.20')).not.toBeInTheDocument());
    expect(rowOf(11)).toBeInTheDocument();
  });

  it('says so when a session to revoke has already ended, and reloads the list', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = setUp({ 'DELETE /api/user/sessions/13': () => apiError(404, 'Session not found.') });
    await openPage();
    await user.click(within(rowOf(13)).getByRole('button', { name: /^Revoke/ }));
    await user.click(within(await screen.findByRole('tooltip')).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Session not found.')).toBeInTheDocument();
    await waitFor(() => expect(sessionListCalls(calls)).toBe(2));
  });

  it('signs out every other session after the confirmation, and says how many', async () => {
    const user = userEvent.setup({ delay: null });
    let sessions = [THIS_ONE, PHONE, LAPTOP];
    const calls = setUp({
      'GET /api/user/sessions': () => jsonResponse({ sessions }),
      'POST /api/user/sessions/revoke-others': () => {
        sessions = [THIS_ONE];
        return jsonResponse({ revoked: 2 });
      },
    });
    await openPage();
    await user.click(screen.getByRole('button', { name: 'Sign out all other sessions' }));
    const confirm = await screen.findByRole('tooltip');
    expect(within(confirm).getByText('Sign out all other sessions?')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.path === '/api/user/sessions/revoke-others')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Sign out all other sessions' }));
    await user.click(within(await screen.findByRole('tooltip')).getByRole('button', { name: 'Sign out others' }));
    expect(await screen.findByText('2 other sessions were signed out.')).toBeInTheDocument();
    await waitFor(() => expect(document.querySelectorAll('tr[data-row-key]')).toHaveLength(1));
    expect(within(rowOf(11)).getByText('This session')).toBeInTheDocument();
  });

  it('shows the error and an empty table when the sessions cannot be listed', async () => {
    const calls = setUp({ 'GET /api/user/sessions': () => apiError(500, 'The sessions could not be read.') });
    // A 5xx is tried again (lib/queryClient.ts); with no delay between the tries, no clock has to pass.
    const queryClient = createQueryClient();
    queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retryDelay: 0 } });
    renderWithProviders(<SecurityPage />, { queryClient });
    expect(await within(region('Your sessions')).findByText('The sessions could not be read.')).toBeInTheDocument();
    expect(within(region('Your sessions')).getByText('No sessions')).toBeInTheDocument();
    expect(sessionListCalls(calls)).toBe(3);
  });

  it('changes the password: sends {old, new}, says the other sessions were signed out, reloads the list', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = setUp({ 'POST /api/user/password': () => noContent() });
    await openPage();
    await fillPassword(user, 'old-secret-1', 'a-new-passphrase');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(PASSWORD_CHANGED)).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/user/password').map((c) => c.body)).toEqual([
      { old: 'old-secret-1', new: 'a-new-passphrase' },
    ]);
    await waitFor(() => expect(sessionListCalls(calls)).toBe(2));
    // The form is empty again.
    expect(screen.getByLabelText('Current password')).toHaveValue('');
    expect(screen.getByLabelText('New password')).toHaveValue('');
  });

  it('checks what it can before sending: required fields, length, a differing new password, the confirmation', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = setUp();
    await openPage();
    const submit = screen.getByRole('button', { name: 'Change password' });
    await user.click(submit);
    expect(await screen.findByText('Enter your current password.')).toBeInTheDocument();
    expect(await screen.findByText('Enter a new password.')).toBeInTheDocument();

    await fillPassword(user, 'old-secret-1', 'short', 'shorter');
    await user.click(submit);
    expect(await screen.findByText('The password needs at least 8 characters.')).toBeInTheDocument();
    expect(await screen.findByText('The two passwords differ.')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'old-secret-1');
    await user.click(submit);
    expect(await screen.findByText('The new password must differ from the current one.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('New password')).toHaveAttribute('aria-invalid', 'true'));
    expect(calls.some((c) => c.path === '/api/user/password')).toBe(false);
  });

  it("shows the server's refusal under the field it names, and anything else above the form", async () => {
    const user = userEvent.setup({ delay: null });
    let reply = () => apiError(400, 'That is not your current password.', [{ field: 'old', message: 'That is not your current password.' }]);
    setUp({ 'POST /api/user/password': () => reply() });
    await openPage();
    await fillPassword(user, 'wrong-secret', 'a-new-passphrase');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    const message = await screen.findByText('That is not your current password.');
    expect(message.closest('.ant-form-item')).toContainElement(screen.getByLabelText('Current password'));
    await waitFor(() => expect(screen.getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.queryByText(PASSWORD_CHANGED)).not.toBeInTheDocument();

    reply = () =>
      apiError(400, 'This password is among the most common ones; choose another.', [
        { field: 'new', message: 'This password is among the most common ones; choose another.' },
      ]);
    await user.type(screen.getByLabelText('Current password'), '{Backspace}t');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    const common = await screen.findByText('This password is among the most common ones; choose another.');
    expect(common.closest('.ant-form-item')).toContainElement(screen.getByLabelText('New password'));

    reply = () => apiError(429, 'Too many wrong passwords. Try again in 15 minutes.');
    await user.type(screen.getByLabelText('New password'), '!');
    await user.type(screen.getByLabelText('Confirm new password'), '!');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    const alert = await screen.findByText('Too many wrong passwords. Try again in 15 minutes.');
    expect(alert.closest('[role="alert"]')).toBeInTheDocument();
    expect(within(region('Change password')).getByRole('alert')).toHaveTextContent('Too many wrong passwords');
  });

  it('resets Google Authenticator with the password and a code, then offers to sign in again', async () => {
    const user = userEvent.setup({ delay: null });
    let reply = () => apiError(400, 'Invalid password.', [{ field: 'password', message: 'Invalid password.' }]);
    const calls = setUp({
      'POST /api/user/2fa/googleAuthenticator/status': () => reply(),
      'POST /api/logout': () => apiError(401, 'Authentication required.'),
    });
    await openPage();
    const card = within(region('Google Authenticator'));
    await user.click(card.getByRole('button', { name: 'Reset Google Authenticator' }));
    expect(card.getByText(/This signs you out everywhere, here too/)).toBeInTheDocument();
    await user.click(card.getByRole('button', { name: 'Reset and sign out' }));
    expect(await card.findByText('Enter the 6-digit code.')).toBeInTheDocument();

    await user.type(card.getByLabelText('Password'), 'wrong');
    await user.type(card.getByLabelText('Code from your authenticator app'), '123456');
    await user.click(card.getByRole('button', { name: 'Reset and sign out' }));
    expect(await card.findByText('Invalid password.')).toBeInTheDocument();

    reply = () => jsonResponse(makeUser({ isGoogleAuthenticatorEnabled: false }));
    await user.clear(card.getByLabelText('Password'));
    await user.type(card.getByLabelText('Password'), 'right-password');
    await user.click(card.getByRole('button', { name: 'Reset and sign out' }));
    expect(await card.findByText(AUTHENTICATOR_RESET)).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/user/2fa/googleAuthenticator/status').map((c) => c.body)).toEqual([
      { password: 'wrong', code: '123456', status: false },
      { password: 'right-password', code: '123456', status: false },
    ]);

    await user.click(card.getByRole('button', { name: 'Sign in again' }));
    await waitFor(() => expect(reloadPage).toHaveBeenCalled());
    expect(getToken()).toBeNull();
  });

  it('leaves the reset form with Cancel, sending nothing', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = setUp();
    await openPage();
    const card = within(region('Google Authenticator'));
    await user.click(card.getByRole('button', { name: 'Reset Google Authenticator' }));
    await user.click(card.getByRole('button', { name: 'Cancel' }));
    expect(card.getByRole('button', { name: 'Reset Google Authenticator' })).toBeInTheDocument();
    expect(card.queryByLabelText('Password')).not.toBeInTheDocument();
    expect(calls.some((c) => c.path.includes('googleAuthenticator'))).toBe(false);
  });
});
