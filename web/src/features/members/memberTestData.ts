/** Test data for the member list and role screens' unit tests. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setToken } from '../../lib/api';
import type { ApiHandler } from '../../test/mockApi';
import { jsonResponse } from '../../test/render';
import { makeUser } from '../../test/users';
import type { Role } from '../roles/types';
import type { AdminUser, UsersPage } from './types';

export function makeAdminUser(overrides: Partial<AdminUser> = {}): AdminUser {
  return { ...makeUser(), created_at: '2026-01-01T00:00:00+00:00', ...overrides };
}

/** Three members: Ann (never signed in), Bob (inactive, SMS on), Cat. */
export const MEMBERS: AdminUser[] = [
  makeAdminUser({ id: 11, full_name: 'Ann Admin', email: 'ann@xapa.example', username: 'ann', role: null, lastLogin: null, userRoles: [] }),
  makeAdminUser({ id: 12, full_name: 'Bob Member', email: 'bob@xapa.example', username: 'bob', enabled: false, isSMS2FaEnabled: true, role: 'Finance' }),
  makeAdminUser({ id: 13, full_name: 'Cat Member', email: 'cat@xapa.example', username: 'cat', role: 'Support' }),
];

export function usersPage(users: AdminUser[], total = users.length, page = 1, perPage = 25): UsersPage {
  return { users, page, items_per_page: perPage, total_items: total, total_pages: Math.ceil(total / perPage) };
}

export function makeRole(overrides: Partial<Role> = {}): Role {
  return { id: 2, role: 'Support', description: 'Help desk', permissions: [], builtin: false, members: 1, ...overrides };
}

export const ROLES: Role[] = [
  makeRole({ id: 1, role: 'Administrator', description: 'Every permission', builtin: true }),
  makeRole({ id: 2, role: 'Support', description: 'Help desk', permissions: ['ADMIN_USERS_LIST'] }),
  makeRole({ id: 3, role: 'Finance', description: 'Money', members: 0 }),
];

export const ROLES_REPLY = { roles: ROLES, page: 1, items_per_page: 100, total_items: ROLES.length, total_pages: 1 };

export const CATALOGUE_REPLY = {
  permissions: {
    Dashboard: [
      { key: 'ADMIN_CANDLES', title: 'Coin candle cards' },
      { key: 'ADMIN_TOTAL_USER', title: 'Registered and verified users' },
    ],
    Users: [
      { key: 'ADMIN_USERS_LIST', title: 'List users and members' },
      { key: 'ADMIN_CREATE_USER', title: 'Create users and members' },
    ],
  },
};

/** Signs the tests' user in with `permissions`: store a token and answer `GET /api/user`. */
export function signedInAs(permissions: readonly string[], overrides: Partial<AdminUser> = {}): Record<string, ApiHandler> {
  setToken('test-token');
  return { 'GET /api/user': () => jsonResponse(makeUser({ id: 1, permissions: [...permissions], ...overrides })) };
}

/** Opens the antd Select labelled `label` and picks `option` in its drop-down. */
export async function chooseOption(label: string, option: string): Promise<void> {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  const dropdown = await waitFor(() => {
    const open = document.querySelector<HTMLElement>('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
    if (!open) throw new Error('no open drop-down');
    return open;
  });
  await userEvent.click(within(dropdown).getByTitle(option));
}
