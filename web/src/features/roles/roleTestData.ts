/** Test data for the role screens' unit tests (the member screens use the roles too). */
import type { Role } from './types';

export function makeRole(overrides: Partial<Role> = {}): Role {
  return { id: 2, role: 'Support', description: 'Help desk', permissions: [], allowedNetworks: [], builtin: false, members: 1, ...overrides };
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
