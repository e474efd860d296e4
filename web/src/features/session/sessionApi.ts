import { apiGet, apiPost, clearToken, isApiError } from '../../lib/api';
import type { RequestOptions } from '../../lib/api';
import type { CurrentUser } from './types';

export const currentUserQueryKey = ['session', 'currentUser'] as const;

function isCurrentUser(value: unknown): value is CurrentUser {
  return typeof value === 'object' && value !== null && 'id' in value && value.id !== null && value.id !== undefined;
}

/**
 * The current-user check (`GET /api/user`). Resolves to the user, or to null when the stored token does not
 * sign anyone in: a 401 (no, expired or revoked token), a 403 (a *pending* sign-in token, which only serves the
 * code check) or a reply without `id`. In those cases the stored token is removed. Other failures (the server
 * unreachable, a 5xx) are thrown and the token is kept: the app offers to try again.
 */
export async function fetchCurrentUser(options?: RequestOptions): Promise<CurrentUser | null> {
  try {
    const user: unknown = await apiGet('/api/user', { ...options });
    if (isCurrentUser(user)) return user;
  } catch (error) {
    if (!isApiError(error) || (error.status !== 401 && error.status !== 403)) throw error;
  }
  clearToken();
  return null;
}

/** `POST /api/logout` (204): revokes the session of `token` (default: the stored one). */
export function logoutCall(token?: string): Promise<void> {
  return apiPost('/api/logout', token ? { token } : undefined);
}
