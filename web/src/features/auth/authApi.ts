import { apiGet, apiPost, errorMessage, isApiError } from '../../lib/api';
import type { RequestOptions } from '../../lib/api';
import type { GetReply, PostBody, PostReply } from '../../lib/apiTypes';

/** `POST /api/login` reply. */
export type LoginReply = PostReply<'/api/login'>;

/** `POST /api/login`: `username` (or email), `password` and `captcha_token`, the captcha widget's payload (base64). */
export type LoginInput = PostBody<'/api/login'>;

/**
 * What a successful login hands back:
 * - `pending`: Google Authenticator is on; the token serves only the code check and logout (kept in memory);
 * - `setup`: Google Authenticator is off; the token signs in, but only to set it up (stored).
 */
export type SignInToken = { kind: 'pending'; token: string } | { kind: 'setup'; token: string };

export async function login(input: LoginInput): Promise<SignInToken> {
  const reply = await apiPost('/api/login', { body: input });
  if (!reply?.token) throw new Error('The server did not sign you in. Please try again.');
  const pending = reply.data?.['2FaStatus']?.googleAuthenticator === true;
  return { kind: pending ? 'pending' : 'setup', token: reply.token };
}

/**
 * `POST /api/2fa/googleAuthenticator {code, password}` → a new full token. With a pending token (the sign-in
 * code step) the password is ignored; with the setup token both are checked.
 */
export async function verifyGoogleAuthenticator(
  code: string,
  password: string,
  options?: RequestOptions,
): Promise<string> {
  const reply = await apiPost('/api/2fa/googleAuthenticator', { body: { code, password }, ...options });
  if (!reply?.token) throw new Error('The server did not sign you in. Please try again.');
  return reply.token;
}

/** `GET /api/user/2fa/googleAuthenticator` (setup token). */
export type GoogleAuthenticatorSetup = GetReply<'/api/user/2fa/googleAuthenticator'>;

export function fetchGoogleAuthenticatorSetup(options?: RequestOptions): Promise<GoogleAuthenticatorSetup> {
  return apiGet('/api/user/2fa/googleAuthenticator', { ...options });
}

/** The Register panel's fields (web form state, not the API's shape: `register` maps them to the call's body). */
export interface RegisterInput {
  fullName: string;
  email: string;
  password: string;
  confirmPassword: string;
  referralId: string;
}

/** `POST /api/register` → 201 `{token, data: {user}}`: the token of a new customer (a setup token). */
export async function register(input: RegisterInput): Promise<string> {
  const body: PostBody<'/api/register'> = {
    email: input.email,
    username: input.email,
    full_name: input.fullName,
    invited_by: input.referralId,
    device_type: 'Web',
    plainPassword: { first: input.password, second: input.confirmPassword },
  };
  const reply = await apiPost('/api/register', { body });
  if (!reply?.token) throw new Error('The account could not be created. Please try again.');
  return reply.token;
}

/** The register call's errors carry `msg`: the screen shows it, else the usual message. */
export function registerErrorMessage(error: unknown): string {
  if (isApiError(error) && typeof error.body === 'object' && error.body !== null && 'msg' in error.body) {
    const { msg } = error.body;
    if (typeof msg === 'string' && msg) return msg;
  }
  return errorMessage(error);
}

/** `POST /api/password/reset {email}`: always 202 (no account enumeration). */
export async function requestPasswordReset(email: string): Promise<void> {
  await apiPost('/api/password/reset', { body: { email } });
}

/** `POST /api/password/reset/confirm {token, password}` → 204. */
export function confirmPasswordReset(token: string, password: string): Promise<void> {
  return apiPost('/api/password/reset/confirm', { body: { token, password } });
}
