/**
 * The calls of the Security page and of the sessions console: one's own password and sessions
 * (`/api/user/password`, `/api/user/sessions`), one's own Google Authenticator switched off
 * (`/api/user/2fa/googleAuthenticator/status`), and every staff member's sessions (`/api/admin/sessions`,
 * ADMIN_SESSIONS).
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiDelete, apiGet, apiPost } from '../../lib/api';
import type { GetQuery, PostBody, PostReply } from '../../lib/apiTypes';

export const securityKeys = {
  own: ['own-sessions'] as const,
  recoveryCodes: ['recovery-codes'] as const,
  staff: ['staff-sessions'] as const,
};

/** The caller's live sessions, newest first, the calling one marked `current`. */
export const ownSessionsQuery = queryOptions({
  queryKey: securityKeys.own,
  queryFn: ({ signal }) => apiGet('/api/user/sessions', { signal }),
});

/** Ends one of the caller's own sessions (204; someone else's or an ended one is a 404). */
export function revokeOwnSession(id: number): Promise<void> {
  return apiDelete('/api/user/sessions/{id}', { params: { path: { id } } });
}

/** Ends every other session of the caller; `{revoked}` says how many. */
export function revokeOtherSessions(): Promise<PostReply<'/api/user/sessions/revoke-others'>> {
  return apiPost('/api/user/sessions/revoke-others');
}

/** `POST /api/user/password {old, new}` (204): the calling session stays, every other one ends. */
export function changePassword(body: Required<PostBody<'/api/user/password'>>): Promise<void> {
  return apiPost('/api/user/password', { body });
}

/** Switches the caller's own Google Authenticator off (password and a current code): every session of theirs ends. */
export function switchOffGoogleAuthenticator(
  password: string,
  code: string,
): Promise<PostReply<'/api/user/2fa/googleAuthenticator/status'>> {
  return apiPost('/api/user/2fa/googleAuthenticator/status', { body: { password, code, status: false } });
}

/** One page of every staff member's live sessions, newest first; the previous page stays while the next loads. */
export function staffSessionsQuery(query: GetQuery<'/api/admin/sessions'>) {
  return queryOptions({
    queryKey: [...securityKeys.staff, query],
    queryFn: ({ signal }) => apiGet('/api/admin/sessions', { params: { query }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Ends any staff member's live session (the sessions console). */
export function revokeStaffSession(id: number): Promise<void> {
  return apiDelete('/api/admin/sessions/{id}', { params: { path: { id } } });
}

/** How many of the caller's recovery codes are unused. */
export const recoveryCodesQuery = queryOptions({
  queryKey: securityKeys.recoveryCodes,
  queryFn: ({ signal }) => apiGet('/api/user/recovery-codes', { signal }),
});

/** Ten new recovery codes, replacing the old ones: shown in this reply only (a fresh step-up is needed). */
export function newRecoveryCodes(): Promise<PostReply<'/api/user/recovery-codes'>> {
  return apiPost('/api/user/recovery-codes');
}
