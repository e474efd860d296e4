import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../lib/dateDisplay';
import { Permission } from '../../lib/permissions';
import type { ApiCall } from '../../test/mockApi';
import { mockApi } from '../../test/mockApi';
import { jsonResponse, renderWithProviders } from '../../test/render';
import { ALL_PERMISSIONS, signedInAs, SUPPORT_PERMISSIONS } from '../../test/users';
import { ROLES_REPLY } from '../roles/roleTestData';
import MembersPage from './MembersPage';
import { chooseOption, MEMBERS, usersPage } from './memberTestData';
import UserManagementPage from './UserManagementPage';

const listCalls = (calls: ApiCall[]) => calls.filter((c) => c.path.startsWith('/api/admin/users?'));
const lastList = (calls: ApiCall[]) => new URLSearchParams(listCalls(calls).at(-1)?.path.split('?')[1]);

describe('member list screen', () => {
  it('lists members with their role, status, 2FA and last login; emails link to profiles', async () => {
    const calls = mockApi({
      ...signedInAs(ALL_PERMISSIONS),
      'GET /api/admin/users': () => jsonResponse(usersPage(MEMBERS)),
    });
    renderWithProviders(<MembersPage />, { route: '/members' });
    expect(await screen.findByText('Ann Admin')).toBeInTheDocument();
    expect(Object.fromEntries(lastList(calls))).toEqual({ page: '1', maxPerPage: '25', role: 'ROLE_ADMIN' });

    const bob = screen.getByText('Bob Member').closest('tr')!;
    expect(within(bob).getByText('Finance')).toBeInTheDocument();
    expect(within(bob).getByText('Inactive')).toBeInTheDocument();
    expect(within(bob).getByText('SMS')).toBeInTheDocument();
    expect(within(bob).getByText(formatDateTime(MEMBERS[1]!.lastLogin))).toBeInTheDocument();
    expect(within(bob).getByRole('link', { name: 'bob@xapa.example' })).toHaveAttribute('href', '/userprofile/12');
    const ann = screen.getByText('Ann Admin').closest('tr')!;
    expect(within(ann).getAllByText('—')).toHaveLength(2); // no role, never signed in
    expect(screen.getByText('3 records')).toBeInTheDocument();

    for (const name of ['Create Member', 'Remove Selected', 'Change role']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: 'Edit bob@xapa.example' })).toBeInTheDocument();
  });

  it('hides the buttons the user lacks the permission for, and shows emails as text without ADMIN_SHOW_USER', async () => {
    mockApi({
      ...signedInAs([Permission.USERS_LIST]),
      'GET /api/admin/users': () => jsonResponse(usersPage(MEMBERS)),
    });
    renderWithProviders(<MembersPage />, { route: '/members' });
    expect(await screen.findByText('bob@xapa.example')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'bob@xapa.example' })).not.toBeInTheDocument();
    for (const name of ['Create Member', 'Remove Selected', 'Change role', 'Edit bob@xapa.example']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
    expect(screen.queryByRole('columnheader', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('support: edits but neither creates nor changes members', async () => {
    mockApi({
      ...signedInAs(SUPPORT_PERMISSIONS),
      'GET /api/admin/users': () => jsonResponse(usersPage(MEMBERS)),
    });
    renderWithProviders(<MembersPage />, { route: '/members' });
    expect(await screen.findByRole('button', { name: 'Edit ann@xapa.example' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create Member' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove Selected' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change role' })).not.toBeInTheDocument();
  });

  it('user management: the customers, Create User, no Roles column, and Copy emails as the only action', async () => {
    const calls = mockApi({
      ...signedInAs(ALL_PERMISSIONS),
      'GET /api/admin/users': () => jsonResponse(usersPage(MEMBERS)),
    });
    renderWithProviders(<UserManagementPage />, { route: '/usermanagement' });
    expect(await screen.findByText('Ann Admin')).toBeInTheDocument();
    expect(lastList(calls).has('role')).toBe(false);
    expect(lastList(calls).get('staff')).toBe('false');
    expect(screen.getByRole('button', { name: 'Create User' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy emails' })).toBeDisabled();
    expect(screen.queryByRole('columnheader', { name: 'Roles' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove Selected' })).not.toBeInTheDocument();
  });

  it('Select All / Unselect All count the rows of the page', async () => {
    mockApi({ ...signedInAs(ALL_PERMISSIONS), 'GET /api/admin/users': () => jsonResponse(usersPage(MEMBERS)) });
    renderWithProviders(<MembersPage />, { route: '/members' });
    await screen.findByText('Ann Admin');
    const count = screen.getByTestId('selected-count');
    expect(count).toHaveTextContent('0 selected');
    expect(screen.getByRole('button', { name: 'Change role' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Select All' }));
    expect(count).toHaveTextContent('3 selected');
    await userEvent.click(screen.getByRole('button', { name: 'Unselect All' }));
    expect(count).toHaveTextContent('0 selected');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select cat@xapa.example' }));
    expect(count).toHaveTextContent('1 selected');
    expect(screen.getByRole('button', { name: 'Remove Selected' })).toBeEnabled();
  });

  it('the search is debounced and goes back to page 1', async () => {
    const calls = mockApi({
      ...signedInAs(ALL_PERMISSIONS),
      'GET /api/admin/users': () => jsonResponse(usersPage(MEMBERS, 300)),
    });
    renderWithProviders(<UserManagementPage />, { route: '/usermanagement' });
    await screen.findByText('Ann Admin');
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(lastList(calls).get('page')).toBe('2'));
    const before = listCalls(calls).length;
    // Pasted, not typed: on a busy machine the real time between two keystrokes can pass the debounce, which
    // DebouncedInput's own test checks on a clock it moves.
    await userEvent.click(screen.getByRole('searchbox', { name: 'Search users' }));
    await userEvent.paste('bob');
    await waitFor(() => expect(lastList(calls).get('q')).toBe('bob'));
    expect(listCalls(calls).length).toBe(before + 1); // one call for the search
    expect(lastList(calls).get('page')).toBe('1');
  });

  it('Change role sets the chosen role for the selection', async () => {
    const calls = mockApi({
      ...signedInAs(ALL_PERMISSIONS),
      'GET /api/admin/users': () => jsonResponse(usersPage(MEMBERS)),
      'GET /api/admin/roles': () => jsonResponse(ROLES_REPLY),
      'POST /api/admin/roles/3/adduser': () => jsonResponse({ message: 'Role set.' }),
    });
    renderWithProviders(<MembersPage />, { route: '/members' });
    await screen.findByText('Ann Admin');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select ann@xapa.example' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select cat@xapa.example' }));
    await userEvent.click(screen.getByRole('button', { name: 'Change role' }));
    // (Under test, antd gives every title the id "test-id": find the dialog by role, then check its title.)
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('2 members selected.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Set Role' })).toBeDisabled();
    await waitFor(() => expect(calls.some((c) => c.path.startsWith('/api/admin/roles?'))).toBe(true));
    await chooseOption('Role', 'Finance');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Set Role' }));
    expect(await screen.findByText('Role has been set')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/admin/roles/3/adduser')?.body).toEqual({ users: [11, 13] });
    await waitFor(() => expect(screen.getByTestId('selected-count')).toHaveTextContent('0 selected'));
  });

  it('Remove Selected asks first: Cancel sends nothing, Yes removes', async () => {
    const calls = mockApi({
      ...signedInAs(ALL_PERMISSIONS),
      'GET /api/admin/users': () => jsonResponse(usersPage(MEMBERS)),
      'PATCH /api/admin/roles/removeMember': () => jsonResponse({ message: 'Removed.' }),
    });
    renderWithProviders(<MembersPage />, { route: '/members' });
    await screen.findByText('Ann Admin');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select bob@xapa.example' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove Selected' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Remove Selected' }));
    // (The first confirmation may still be closing.)
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Yes' })).toHaveLength(2));
    await userEvent.click(screen.getAllByRole('button', { name: 'Yes' }).at(-1)!);
    expect(await screen.findByText('Members have been removed')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ users: [12] });
  });

  it('shows a load failure with Try again', async () => {
    let fail = true;
    mockApi({
      ...signedInAs(ALL_PERMISSIONS),
      'GET /api/admin/users': () =>
        fail ? jsonResponse({ code: 400, message: 'The search text is too long.', errors: [] }, { status: 400 }) : jsonResponse(usersPage(MEMBERS)),
    });
    renderWithProviders(<MembersPage />, { route: '/members' });
    expect(await screen.findByText('The members could not be loaded.')).toBeInTheDocument();
    expect(screen.getByText('The search text is too long.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Ann Admin')).toBeInTheDocument();
  });
});
