/** Test data for the member list screens' unit tests. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeUser } from '../../test/users';
import type { AdminUser, UsersPage } from './types';

export function makeAdminUser(overrides: Partial<AdminUser> = {}): AdminUser {
  return makeUser(overrides);
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
