import type { CurrentUser } from '../features/session/types';
import { setToken } from '../lib/api';
import { Permission } from '../lib/permissions';
import type { ApiHandler } from './mockApi';
import { jsonResponse } from './render';

/** A signed-in staff member; every field can be overridden. */
export function makeUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: 7,
    email: 'sam@xapa.example',
    username: 'support',
    full_name: 'Sam Support',
    permissions: [...SUPPORT_PERMISSIONS],
    roles: ['ROLE_ADMIN'],
    role: 'Support',
    enabled: true,
    email_verified: true,
    isGoogleAuthenticatorEnabled: true,
    isSMS2FaEnabled: false,
    smsVerified: false,
    lastLogin: '2026-11-22T10:15:00+00:00',
    phone_number: null,
    verified_at: '2026-01-02T00:00:00+00:00',
    invitationCode: 'SAM123',
    totalInvites: 0,
    userRoles: [{ role: { id: 2, role: 'Support' } }],
    created_at: '2026-01-01T00:00:00+00:00',
    ...overrides,
  };
}

/** The demo "Support" role. */
export const SUPPORT_PERMISSIONS = [
  Permission.TOTAL_USER,
  Permission.TOTAL_ONLINE_USER,
  Permission.TRANSACTION_HISTORY,
  Permission.SHOW_USER,
  Permission.USERS_LIST,
  Permission.EDIT_USER,
] as const;

export const ALL_PERMISSIONS = Object.values(Permission);

/** Signs the tests' user in with `permissions`: store a token and answer `GET /api/user`. */
export function signedInAs(permissions: readonly string[], overrides: Partial<CurrentUser> = {}): Record<string, ApiHandler> {
  setToken('test-token');
  return { 'GET /api/user': () => jsonResponse(makeUser({ id: 1, permissions: [...permissions], ...overrides })) };
}
