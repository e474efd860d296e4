/** Profile replies for unit tests. */
import { makeUser } from '../../test/users';
import type { Invite, ProfileUser, UserBrief, UserSession, Wallet } from './types';

export function makeProfileUser(overrides: Partial<ProfileUser> = {}): ProfileUser {
  return {
    ...makeUser({
      id: 6,
      email: 'ines@example.com',
      username: 'ines@example.com',
      full_name: 'Ines Rossi',
      permissions: [],
      roles: [],
      role: null,
      userRoles: [],
      isGoogleAuthenticatorEnabled: false,
      isSMS2FaEnabled: true,
      smsVerified: true,
      phone_number: '+491502280507',
      invitationCode: 'X000047514',
      totalInvites: 3,
    }),
    created_at: '2025-10-25T11:44:57+00:00',
    ...overrides,
  };
}

export const BRIEF: UserBrief = {
  total_balance: '2011.47',
  total_income: '18171.3',
  total_outcome: '35896.69',
  xapa_exchange_fee: '12.04',
  total_bonus: '10',
  outcome_count: 25,
  income_count: 24,
  exchange_count: 3,
};

export function makeWallet(overrides: Partial<Wallet> = {}): Wallet {
  return {
    id: 3,
    name: 'Tether USD Wallet',
    balance: '1991.0234085',
    formatedBalance: '1991.023409',
    usd_value: '1991.02',
    network: 'main',
    coinType: { id: 6, name: 'Tether USD', symbol: 'USDT', icon: '/icons/usdt.svg', decimals: 6 },
    walletAddresses: [{ address: 'T2oy11qUnfaZRJY3uJYHWQeB1u1E1J43u9' }],
    createdAt: '2025-10-25T11:44:57+00:00',
    ...overrides,
  };
}

export function makeSession(overrides: Partial<UserSession> = {}): UserSession {
  return {
    id: 12,
    kind: 'full',
    platform: 'Android',
    deviceModel: 'Galaxy S24',
    IP: '203.0.113.204',
    createdAt: '2026-01-12T21:01:31+00:00',
    updatedAt: '2026-06-01T15:48:37+00:00',
    revokedAt: null,
    first_device: true,
    ...overrides,
  };
}

const invite = (id: number, email: string, children: Invite[] = []): Invite => ({
  id,
  email,
  full_name: `Name ${id}`,
  created_at: '2025-12-08T10:18:14+00:00',
  children,
});

/** Kenji invited Nadia, who invited Elijah; Lea is a second direct invite. */
export const INVITES: Invite[] = [
  invite(21, 'kenji@example.com', [invite(99, 'nadia@example.com', [invite(134, 'elijah@example.com')])]),
  invite(22, 'lea@example.com'),
];
