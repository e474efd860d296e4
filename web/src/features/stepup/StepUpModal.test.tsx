import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiDelete, apiPatch, apiPost, isStepUpRefusal, STEP_UP_CANCELLED, StepUpCancelledError } from '../../lib/api';
import type { PostBody } from '../../lib/apiTypes';
import { stepUpCancelled, stepUpPromptOpen } from '../../lib/stepUp';
import { apiError, mockApi, type ApiCall } from '../../test/mockApi';
import { jsonResponse, renderWithProviders } from '../../test/render';
import { STEP_UP_TITLE } from './StepUpModal';
import { formatRecoveryCode } from './stepUpCode';

const browser = vi.hoisted(() => ({ startRegistration: vi.fn(), startAuthentication: vi.fn() }));
vi.mock('@simplewebauthn/browser', () => browser);

/** A browser that offers passkeys (jsdom has no WebAuthn); undone after each test. */
function offerPasskeys() {
  Object.defineProperty(window, 'PublicKeyCredential', { value: function PublicKeyCredential() {}, configurable: true });
  Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
}

const STEP_UP_MESSAGE = 'Confirm with your second factor to continue.';
const refusedForStepUp = () => apiError(403, STEP_UP_MESSAGE, [{ field: 'step_up', message: STEP_UP_MESSAGE }]);
const steppedUp = () => jsonResponse({ stepped_up_until: '2026-11-24T14:00:00Z' });
const WRONG_CODE = 'That code is not valid. Enter the current code from your authenticator app, or one of your recovery codes.';

/**
 * A sensitive call's server: refused for want of a step-up until `POST /api/user/step-up` accepts `good` (or any
 * code that `accept` takes), then answered `reply`.
 */
function sensitiveServer(route: string, reply: () => Response, accept: (code: string) => boolean = (c) => c === '123456') {
  let fresh = false;
  const calls = mockApi({
    [route]: () => (fresh ? reply() : refusedForStepUp()),
    'POST /api/user/step-up': (call) => {
      if (!accept((call.body as { code: string }).code)) {
        return apiError(400, 'Invalid input.', [{ field: 'code', message: WRONG_CODE }]);
      }
      fresh = true;
      return steppedUp();
    },
  });
  return calls;
}

const callsTo = (calls: ApiCall[], method: string, path: string) => calls.filter((c) => c.method === method && c.path === path);

/** Settles a promise into what it resolved to or the error it threw. */
function outcome<T>(promise: Promise<T>): Promise<{ value?: T; error?: unknown }> {
  return promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
}

async function dialog() {
  return screen.findByRole('dialog', { name: STEP_UP_TITLE });
}

afterEach(() => {
  // A test that failed half-way must not leave its prompt open for the next one.
  if (stepUpPromptOpen()) act(() => stepUpCancelled());
  Reflect.deleteProperty(window, 'PublicKeyCredential');
  Reflect.deleteProperty(window, 'isSecureContext');
  vi.useRealTimers();
});

describe('the step-up prompt', () => {
  it('opens on a 403 naming step_up, steps up with the code, and sends the call again once', async () => {
    const calls = sensitiveServer('POST /api/admin/roles/7/edit', () => jsonResponse({ id: 7, message: 'ok' }));
    renderWithProviders(<div />);
    const result = outcome(apiPost('/api/admin/roles/{id}/edit', { params: { path: { id: 7 } }, body: { role: 'Auditors', permissions: [] } }));

    const modal = await dialog();
    const field = within(modal).getByLabelText('Authenticator code');
    await waitFor(() => expect(field).toHaveFocus());
    expect(field).toHaveAttribute('inputmode', 'numeric');
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    await userEvent.type(field, '123456'); // sent by itself at the sixth digit

    expect(await result).toEqual({ value: { id: 7, message: 'ok' } });
    expect(callsTo(calls, 'POST', '/api/user/step-up').map((c) => c.body)).toEqual([{ code: '123456' }]);
    const edits = callsTo(calls, 'POST', '/api/admin/roles/7/edit');
    expect(edits).toHaveLength(2);
    expect(edits[1].body).toEqual(edits[0].body);
    expect(stepUpPromptOpen()).toBe(false);
  });

  it('shows a wrong code under the field and sends nothing again; Enter sends the next code', async () => {
    const calls = sensitiveServer('DELETE /api/admin/roles/7', () => new Response(null, { status: 204 }));
    renderWithProviders(<div />);
    const result = outcome(apiDelete('/api/admin/roles/{id}', { params: { path: { id: 7 } } }));

    const modal = await dialog();
    const field = within(modal).getByLabelText('Authenticator code');
    await userEvent.type(field, '000000');
    expect(await within(modal).findByRole('alert')).toHaveTextContent(WRONG_CODE);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(WRONG_CODE);
    await waitFor(() => expect(field).toHaveFocus());
    expect(callsTo(calls, 'DELETE', '/api/admin/roles/7')).toHaveLength(1);

    // An incomplete code is said, not sent.
    await userEvent.clear(field);
    await userEvent.type(field, '12{Enter}');
    expect(await within(modal).findByRole('alert')).toHaveTextContent('Enter all 6 digits of the code.');
    expect(callsTo(calls, 'POST', '/api/user/step-up')).toHaveLength(1);

    await userEvent.type(field, '3456');
    expect(await result).toEqual({ value: undefined });
    expect(callsTo(calls, 'DELETE', '/api/admin/roles/7')).toHaveLength(2);
  });

  it('offers the passkey where the account has one: the browser answers, the session steps up, the call goes again', async () => {
    offerPasskeys();
    let fresh = false;
    const answer = { id: 'k1', rawId: 'k1', type: 'public-key', response: { signature: 's' } };
    const calls = mockApi({
      'DELETE /api/user/passkeys/4': () => (fresh ? new Response(null, { status: 204 }) : refusedForStepUp()),
      'GET /api/user/passkeys': () => jsonResponse({ passkeys: [{ id: 4, name: 'Laptop', created_at: '2026-11-20 09:30:00', last_used_at: null }] }),
      'POST /api/user/step-up/passkey/begin': () => jsonResponse({ publicKey: { challenge: 'c1', allowCredentials: [] } }),
      'POST /api/user/step-up/passkey/finish': () => {
        fresh = true;
        return steppedUp();
      },
    });
    browser.startAuthentication.mockRejectedValueOnce(Object.assign(new Error('closed'), { name: 'NotAllowedError' }));
    browser.startAuthentication.mockResolvedValueOnce(answer);
    renderWithProviders(<div />);
    const result = outcome(apiDelete('/api/user/passkeys/{id}', { params: { path: { id: 4 } } }));

    const modal = await dialog();
    await userEvent.click(await within(modal).findByRole('button', { name: /Use a passkey/ }));
    expect(await within(modal).findByRole('alert')).toHaveTextContent('No passkey was used');
    await userEvent.click(within(modal).getByRole('button', { name: /Use a passkey/ }));

    expect(await result).toEqual({ value: undefined });
    expect(browser.startAuthentication).toHaveBeenLastCalledWith({ optionsJSON: { challenge: 'c1', allowCredentials: [] } });
    expect(callsTo(calls, 'POST', '/api/user/step-up/passkey/finish').map((c) => c.body)).toEqual([{ credential: answer }]);
    expect(callsTo(calls, 'DELETE', '/api/user/passkeys/4')).toHaveLength(2);
    expect(callsTo(calls, 'POST', '/api/user/step-up')).toHaveLength(0);
  });

  it('without a passkey (or WebAuthn) offers only the codes', async () => {
    sensitiveServer('POST /api/admin/users/3/unlock', () => jsonResponse({}));
    renderWithProviders(<div />);
    void outcome(apiPost('/api/admin/users/{id}/unlock', { params: { path: { id: 3 } } }));
    const modal = await dialog();
    expect(within(modal).getByLabelText('Authenticator code')).toBeInTheDocument();
    expect(within(modal).queryByRole('button', { name: /Use a passkey/ })).toBeNull();
  });

  it('Cancel refuses the call with a message the screen shows, and sends nothing again', async () => {
    const calls = sensitiveServer('POST /api/admin/promotion', () => jsonResponse({}));
    renderWithProviders(<div />);
    const result = outcome(apiPost('/api/admin/promotion', { body: { isEnabled: true } as PostBody<'/api/admin/promotion'> }));

    await userEvent.click(within(await dialog()).getByRole('button', { name: 'Cancel' }));
    const { error } = await result;
    expect(error).toBeInstanceOf(StepUpCancelledError);
    expect((error as StepUpCancelledError).status).toBe(403);
    expect((error as StepUpCancelledError).firstErrorMessage()).toBe(STEP_UP_CANCELLED);
    expect(isStepUpRefusal(error)).toBe(false);
    expect(callsTo(calls, 'POST', '/api/admin/promotion')).toHaveLength(1);
    expect(callsTo(calls, 'POST', '/api/user/step-up')).toHaveLength(0);
  });

  it('Esc cancels too', async () => {
    const calls = sensitiveServer('POST /api/admin/users/3/unlock', () => jsonResponse({}));
    renderWithProviders(<div />);
    const result = outcome(apiPost('/api/admin/users/{id}/unlock', { params: { path: { id: 3 } } }));

    const field = within(await dialog()).getByLabelText('Authenticator code');
    await waitFor(() => expect(field).toHaveFocus());
    await userEvent.keyboard('{Escape}');
    expect((await result).error).toBeInstanceOf(StepUpCancelledError);
    expect(callsTo(calls, 'POST', '/api/admin/users/3/unlock')).toHaveLength(1);
  });

  it('asks once for calls refused together or while it is open, and sends each of them again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let fresh = false;
    // The second call's refusal comes 2 s after the first one's, while the prompt is open.
    const later = (ms: number, reply: () => Response) =>
      new Promise<Response>((resolve) => setTimeout(() => resolve(reply()), ms));
    const calls = mockApi({
      'POST /api/admin/roles/new': () => (fresh ? jsonResponse({ id: 9 }, { status: 201 }) : refusedForStepUp()),
      'PATCH /api/admin/roles/removeMember': () =>
        fresh ? jsonResponse({ removed: 2 }) : later(2_000, refusedForStepUp),
      'POST /api/user/step-up': () => {
        fresh = true;
        return steppedUp();
      },
    });
    renderWithProviders(<div />);
    const create = outcome(apiPost('/api/admin/roles/new', { body: { role: 'Auditors' } as PostBody<'/api/admin/roles/new'> }));
    const remove = outcome(apiPatch('/api/admin/roles/removeMember', { body: { users: [1, 2] } }));

    const modal = await dialog();
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(screen.getAllByRole('dialog', { name: STEP_UP_TITLE })).toHaveLength(1);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.type(within(modal).getByLabelText('Authenticator code'), '654321');

    expect(await create).toEqual({ value: { id: 9 } });
    expect(await remove).toEqual({ value: { removed: 2 } });
    expect(callsTo(calls, 'POST', '/api/user/step-up')).toHaveLength(1);
    expect(callsTo(calls, 'POST', '/api/admin/roles/new')).toHaveLength(2);
    expect(callsTo(calls, 'PATCH', '/api/admin/roles/removeMember')).toHaveLength(2);
  });

  it('sends a call refused after the step-up it was waiting behind again without asking', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let fresh = false;
    let slowSent = false;
    const calls = mockApi({
      'POST /api/admin/roles/new': () => (fresh ? jsonResponse({ id: 9 }, { status: 201 }) : refusedForStepUp()),
      // Sent before the step-up, refused (it was checked before it) and answered only once the step-up is over.
      'POST /api/admin/coins/new': () => {
        if (slowSent) return jsonResponse({ id: 4 }, { status: 201 });
        slowSent = true;
        return new Promise<Response>((resolve) => setTimeout(() => resolve(refusedForStepUp()), 5_000));
      },
      'POST /api/user/step-up': () => {
        fresh = true;
        return steppedUp();
      },
    });
    renderWithProviders(<div />);
    const create = outcome(apiPost('/api/admin/roles/new', { body: { role: 'Auditors' } as PostBody<'/api/admin/roles/new'> }));
    const coin = outcome(apiPost('/api/admin/coins/new', { body: { name: 'Gold' } as PostBody<'/api/admin/coins/new'> }));
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.type(within(await dialog()).getByLabelText('Authenticator code'), '123456');
    expect(await create).toEqual({ value: { id: 9 } });

    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(await coin).toEqual({ value: { id: 4 } });
    expect(stepUpPromptOpen()).toBe(false);
    expect(callsTo(calls, 'POST', '/api/user/step-up')).toHaveLength(1);
    expect(callsTo(calls, 'POST', '/api/admin/coins/new')).toHaveLength(2);
  });

  it('sends the call again once only: a second refusal is the call’s failure', async () => {
    const calls = mockApi({
      'POST /api/admin/roles/new': refusedForStepUp,
      'POST /api/user/step-up': steppedUp,
    });
    renderWithProviders(<div />);
    const result = outcome(apiPost('/api/admin/roles/new', { body: { role: 'Auditors' } as PostBody<'/api/admin/roles/new'> }));
    await userEvent.type(within(await dialog()).getByLabelText('Authenticator code'), '123456');

    const { error } = await result;
    expect(isStepUpRefusal(error)).toBe(true);
    expect(callsTo(calls, 'POST', '/api/admin/roles/new')).toHaveLength(2);
    expect(stepUpPromptOpen()).toBe(false);
  });

  it('takes a recovery code, shown as XXXX-XXXX-XXXX-XXXX', async () => {
    const calls = sensitiveServer('POST /api/admin/roles/new', () => jsonResponse({ id: 9 }, { status: 201 }), (code) => code === 'ABCD-EFGH-JKLM-NPQR');
    renderWithProviders(<div />);
    const result = outcome(apiPost('/api/admin/roles/new', { body: { role: 'Auditors' } as PostBody<'/api/admin/roles/new'> }));

    const modal = await dialog();
    await userEvent.click(within(modal).getByRole('button', { name: 'Use a recovery code' }));
    const field = within(modal).getByLabelText('Recovery code');
    await waitFor(() => expect(field).toHaveFocus());
    expect(field).toHaveAttribute('inputmode', 'text');
    await userEvent.type(field, 'abcd efgh{Enter}');
    expect(await within(modal).findByRole('alert')).toHaveTextContent(/16 letters and digits/);
    expect(callsTo(calls, 'POST', '/api/user/step-up')).toHaveLength(0);

    await userEvent.type(field, 'jklmnpqr');
    expect(field).toHaveValue('ABCD-EFGH-JKLM-NPQR');
    await userEvent.click(within(modal).getByRole('button', { name: 'Confirm' }));
    expect(await result).toEqual({ value: { id: 9 } });
    expect(callsTo(calls, 'POST', '/api/user/step-up').map((c) => c.body)).toEqual([{ code: 'ABCD-EFGH-JKLM-NPQR' }]);
    expect(stepUpPromptOpen()).toBe(false);
  });

  it('shows a lock (429) under the field', async () => {
    const locked = 'Too many wrong codes. Try again in 15 minutes.';
    mockApi({
      'POST /api/admin/roles/new': refusedForStepUp,
      'POST /api/user/step-up': () => apiError(429, locked),
    });
    renderWithProviders(<div />);
    const result = outcome(apiPost('/api/admin/roles/new', { body: { role: 'Auditors' } as PostBody<'/api/admin/roles/new'> }));
    const modal = await dialog();
    await userEvent.type(within(modal).getByLabelText('Authenticator code'), '123456');
    expect(await within(modal).findByRole('alert')).toHaveTextContent(locked);
    await userEvent.click(within(modal).getByRole('button', { name: 'Cancel' }));
    expect((await result).error).toBeInstanceOf(StepUpCancelledError);
  });

  it('leaves other refusals, and calls with a token of their own, alone', async () => {
    mockApi({
      'POST /api/admin/roles/new': () => apiError(403, 'Forbidden.'),
      'POST /api/2fa/googleAuthenticator': refusedForStepUp,
    });
    renderWithProviders(<div />);
    expect((await outcome(apiPost('/api/admin/roles/new', { body: {} as PostBody<'/api/admin/roles/new'> }))).error).toMatchObject({ status: 403, message: 'Forbidden.' });
    const pending = await outcome(apiPost('/api/2fa/googleAuthenticator', { body: { code: '1', password: '' }, token: 'p' }));
    expect(isStepUpRefusal(pending.error)).toBe(true);
    expect(stepUpPromptOpen()).toBe(false);
  });
});

describe('formatRecoveryCode', () => {
  it('keeps base32 capitals, at most 16, with a dash after every fourth', () => {
    expect(formatRecoveryCode('abcd')).toBe('ABCD');
    expect(formatRecoveryCode('abcde')).toBe('ABCD-E');
    expect(formatRecoveryCode(' abcd-efgh jklm npqr st')).toBe('ABCD-EFGH-JKLM-NPQR');
    expect(formatRecoveryCode('a1b8c0d9')).toBe('ABCD');
  });
});
