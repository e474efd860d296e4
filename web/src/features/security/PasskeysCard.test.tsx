import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PASSKEY_CANCELLED, type Passkey } from '../../lib/passkeys';
import { apiError, mockApi, noContent } from '../../test/mockApi';
import { jsonResponse, renderWithProviders } from '../../test/render';
import { SUPPORT_PERMISSIONS, signedInAs } from '../../test/users';
import { PASSKEY_ADDED, PasskeysCard } from './PasskeysCard';

const browser = vi.hoisted(() => ({ startRegistration: vi.fn(), startAuthentication: vi.fn() }));
vi.mock('@simplewebauthn/browser', () => browser);

const ANSWER = { id: 'cred-1', rawId: 'cred-1', type: 'public-key', response: { clientDataJSON: 'x', attestationObject: 'y' } };
const LAPTOP: Passkey = { id: 3, name: 'Laptop', created_at: '2026-11-20 09:30:00', last_used_at: null };
const KEY: Passkey = { id: 4, name: 'Security key', created_at: '2026-11-21 10:00:00', last_used_at: '2026-11-23 08:15:00' };

/** A browser that offers passkeys (jsdom has no WebAuthn). */
function offerPasskeys() {
  Object.defineProperty(window, 'PublicKeyCredential', { value: function PublicKeyCredential() {}, configurable: true });
  Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
}

const card = () => screen.getByRole('region', { name: 'Passkeys' });

beforeEach(() => browser.startRegistration.mockReset());
afterEach(() => {
  Reflect.deleteProperty(window, 'PublicKeyCredential');
  Reflect.deleteProperty(window, 'isSecureContext');
});

describe('<PasskeysCard>', () => {
  it('lists the passkeys with when each was added and last used; without WebAuthn it says why none can be added', async () => {
    mockApi({ ...signedInAs(SUPPORT_PERMISSIONS), 'GET /api/user/passkeys': () => jsonResponse({ passkeys: [LAPTOP, KEY] }) });
    renderWithProviders(<PasskeysCard />);
    expect(await within(card()).findByText('Laptop')).toBeInTheDocument();
    expect(within(card()).getByText(/^Added .*, never used$/)).toBeInTheDocument();
    expect(within(card()).getByText(/^Added .*, last used /)).toBeInTheDocument();
    expect(within(card()).getByText(/does not offer passkeys here/)).toBeInTheDocument();
    expect(within(card()).queryByRole('button', { name: /Add a passkey/ })).toBeNull();
  });

  it('names and adds a passkey: begin, the browser, then finish with the name; the list reloads', async () => {
    offerPasskeys();
    let passkeys = [LAPTOP];
    const calls = mockApi({
      ...signedInAs(SUPPORT_PERMISSIONS),
      'GET /api/user/passkeys': () => jsonResponse({ passkeys }),
      'POST /api/user/passkeys/register/begin': () => jsonResponse({ publicKey: { challenge: 'abc', rp: { name: 'Xapa Back Office' } } }),
      'POST /api/user/passkeys/register/finish': () => {
        passkeys = [LAPTOP, KEY];
        return jsonResponse({ passkey: KEY }, { status: 201 });
      },
    });
    browser.startRegistration.mockResolvedValue(ANSWER);
    renderWithProviders(<PasskeysCard />);
    await within(card()).findByText('Laptop');

    await userEvent.click(within(card()).getByRole('button', { name: /Add a passkey/ }));
    expect(await within(card()).findByRole('alert')).toHaveTextContent('Give the passkey a name');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.type(within(card()).getByLabelText('Passkey name'), '  Security key ');
    await userEvent.click(within(card()).getByRole('button', { name: /Add a passkey/ }));
    expect(await screen.findByText(PASSKEY_ADDED)).toBeInTheDocument();
    expect(browser.startRegistration).toHaveBeenCalledWith({ optionsJSON: { challenge: 'abc', rp: { name: 'Xapa Back Office' } } });
    const finish = calls.find((c) => c.path === '/api/user/passkeys/register/finish');
    expect(finish?.body).toEqual({ name: 'Security key', credential: ANSWER });
    expect(await within(card()).findByText('Security key')).toBeInTheDocument();
    expect(within(card()).getByLabelText('Passkey name')).toHaveValue('');
  });

  it("says a closed browser prompt, or the server's refusal, and keeps nothing", async () => {
    offerPasskeys();
    mockApi({
      ...signedInAs(SUPPORT_PERMISSIONS),
      'GET /api/user/passkeys': () => jsonResponse({ passkeys: [] }),
      'POST /api/user/passkeys/register/begin': () => jsonResponse({ publicKey: { challenge: 'abc' } }),
      'POST /api/user/passkeys/register/finish': () =>
        apiError(400, 'That passkey was not accepted.', [{ field: 'credential', message: 'That passkey was not accepted.' }]),
    });
    browser.startRegistration.mockRejectedValueOnce(Object.assign(new Error('closed'), { name: 'NotAllowedError' }));
    renderWithProviders(<PasskeysCard />);
    await within(card()).findByText('No passkeys yet.');
    await userEvent.type(within(card()).getByLabelText('Passkey name'), 'Phone');
    await userEvent.click(within(card()).getByRole('button', { name: /Add a passkey/ }));
    expect(await within(card()).findByText(PASSKEY_CANCELLED)).toBeInTheDocument();

    browser.startRegistration.mockResolvedValueOnce(ANSWER);
    await userEvent.click(within(card()).getByRole('button', { name: /Add a passkey/ }));
    expect(await within(card()).findByText('That passkey was not accepted.')).toBeInTheDocument();
    expect(within(card()).getByText('No passkeys yet.')).toBeInTheDocument();
  });

  it('removes a passkey after a confirmation', async () => {
    let passkeys = [LAPTOP, KEY];
    const calls = mockApi({
      ...signedInAs(SUPPORT_PERMISSIONS),
      'GET /api/user/passkeys': () => jsonResponse({ passkeys }),
      'DELETE /api/user/passkeys/3': () => {
        passkeys = [KEY];
        return noContent();
      },
    });
    renderWithProviders(<PasskeysCard />);
    await userEvent.click(await within(card()).findByRole('button', { name: 'Remove the passkey Laptop' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(within(card()).queryByText('Laptop')).toBeNull());
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/user/passkeys/3']);
  });
});
