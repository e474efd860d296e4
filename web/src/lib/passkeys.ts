/**
 * Passkeys (WebAuthn) through the browser: each ceremony is a begin call (the options for the browser), the
 * browser's prompt (@simplewebauthn/browser, loaded on first use so that the sign-in page does not carry it), and
 * a finish call with the browser's answer as `credential` (docs/openapi.json, `/api/user/passkeys/…`,
 * `/api/2fa/passkey/…`, `/api/user/step-up/passkey/…`).
 */
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiDelete, apiGet, apiPost, errorMessage, isApiError } from './api';
import type { GetReply, PostReply } from './apiTypes';

/** Whether this browser offers passkeys at all (a secure context with WebAuthn). */
export function passkeysSupported(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function' && window.isSecureContext;
}

/** Said when the browser's prompt was closed, timed out, or found no passkey of this account. */
export const PASSKEY_CANCELLED = 'No passkey was used: the prompt was closed or timed out. Try again, or use a code.';

/** What a failed passkey ceremony says: the server's refusal, else the browser's. */
export function passkeyErrorMessage(error: unknown): string {
  if (isApiError(error)) return error.status === 400 ? error.firstErrorMessage() : error.message;
  if (error instanceof Error) {
    if (error.name === 'NotAllowedError' || error.name === 'AbortError') return PASSKEY_CANCELLED;
    if (error.name === 'InvalidStateError') return 'This passkey is registered to your account already.';
    if (error.name === 'SecurityError') {
      return 'This browser refuses passkeys for this address: open the app under its domain name (or localhost).';
    }
  }
  return errorMessage(error);
}

/** One of the caller's passkeys as listed. */
export type Passkey = GetReply<'/api/user/passkeys'>['passkeys'][number];

/** The caller's passkeys, oldest first (asked only where the browser offers passkeys, or on the Security page). */
export const passkeysQuery = queryOptions({
  queryKey: ['passkeys'] as const,
  queryFn: ({ signal }) => apiGet('/api/user/passkeys', { signal }),
});

/** Removes one of the caller's passkeys (204; a fresh step-up is needed, the API client asks for it). */
export function deletePasskey(id: number): Promise<void> {
  return apiDelete('/api/user/passkeys/{id}', { params: { path: { id } } });
}

/** The reply of `POST /api/user/passkeys/register/finish`: the new passkey. */
export type RegisteredPasskey = PostReply<'/api/user/passkeys/register/finish'>;

/**
 * Adds a passkey named `name` to the caller's account: the begin call needs a fresh step-up (the API client asks
 * for it), then the browser creates the credential and the finish call keeps it.
 */
export async function registerPasskey(name: string): Promise<RegisteredPasskey> {
  const options = await apiPost('/api/user/passkeys/register/begin');
  const { startRegistration } = await import('@simplewebauthn/browser');
  const credential = await startRegistration({
    optionsJSON: options.publicKey as unknown as PublicKeyCredentialCreationOptionsJSON,
  });
  return apiPost('/api/user/passkeys/register/finish', { body: { name, credential } });
}

/** What an assertion's begin call answers: the options of `navigator.credentials.get`, binary fields in base64url. */
type AssertionOptions = PostReply<'/api/2fa/passkey/begin' | '/api/user/step-up/passkey/begin'>;

/** The browser's answer to an assertion ceremony begun with `begun`, with one of the account's passkeys. */
async function assertion(begun: AssertionOptions) {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  return startAuthentication({
    optionsJSON: begun.publicKey as unknown as PublicKeyCredentialRequestOptionsJSON,
  });
}

/** The code step of sign-in answered by a passkey: the new full token. */
export async function signInWithPasskey(pendingToken: string): Promise<string> {
  const begun = await apiPost('/api/2fa/passkey/begin', { token: pendingToken });
  const credential = await assertion(begun);
  const reply = await apiPost('/api/2fa/passkey/finish', { body: { credential }, token: pendingToken });
  if (!reply?.token) throw new ApiError(500, 'The server did not sign you in. Please try again.');
  return reply.token;
}

/** A step-up answered by a passkey (never itself answered with the step-up prompt). */
export async function stepUpWithPasskey(): Promise<PostReply<'/api/user/step-up/passkey/finish'>> {
  const begun = await apiPost('/api/user/step-up/passkey/begin', { stepUp: false });
  const credential = await assertion(begun);
  return apiPost('/api/user/step-up/passkey/finish', { body: { credential }, stepUp: false });
}
