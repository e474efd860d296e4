import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Permission } from '../../lib/permissions';
import { apiError, mockApi, noContent } from '../../test/mockApi';
import { jsonResponse, renderWithProviders } from '../../test/render';
import { ALL_PERMISSIONS, signedInAs } from '../../test/users';
import RolesPage from './RolesPage';
import { CATALOGUE_REPLY, ROLES_REPLY } from './roleTestData';
import { ROLE_DELETED } from './useDeleteRole';

const rolesApi = {
  'GET /api/admin/roles': () => jsonResponse(ROLES_REPLY),
  'GET /api/admin/roles/permissions': () => jsonResponse(CATALOGUE_REPLY),
};

/** The confirmation's button (an earlier confirmation may still be closing). */
const lastButton = (name: string) => screen.getAllByRole('button', { name }).at(-1)!;

describe('RolesPage', () => {
  it('lists roles with Modify and Remove, and Create New Role, for a user holding every permission', async () => {
    const calls = mockApi({ ...signedInAs(ALL_PERMISSIONS), ...rolesApi });
    renderWithProviders(<RolesPage />, { route: '/roles' });
    expect(await screen.findByText('Help desk')).toBeInTheDocument();
    expect(calls.find((c) => c.path.startsWith('/api/admin/roles?'))?.path).toBe('/api/admin/roles?page=1&maxPerPage=100');
    expect(screen.getByRole('button', { name: 'Create New Role' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Modify Support' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove Support' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Remove Administrator' })).toBeDisabled(); // built in

    await userEvent.click(screen.getByRole('button', { name: 'Modify Support' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Modify Permissions')).toBeInTheDocument();
    expect(within(dialog).getByLabelText("Role's Display Name")).toHaveValue('Support');
  });

  it('hides Create New Role, Modify and Remove without their permissions', async () => {
    mockApi({ ...signedInAs([Permission.ROLES_LIST]), ...rolesApi });
    renderWithProviders(<RolesPage />, { route: '/roles' });
    expect(await screen.findByText('Help desk')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create New Role' })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Modify' })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Remove' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Modify Support' })).not.toBeInTheDocument();
  });

  it('asks before deleting: Cancel keeps the role, Yes deletes it', async () => {
    const calls = mockApi({ ...signedInAs(ALL_PERMISSIONS), ...rolesApi, 'DELETE /api/admin/roles/3': () => noContent() });
    renderWithProviders(<RolesPage />, { route: '/roles' });
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Finance' }));
    expect(await screen.findByText('Do you want to delete the role Finance?')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Remove Finance' }));
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Yes' })).toHaveLength(2));
    await userEvent.click(lastButton('Yes'));
    expect(await screen.findByText(ROLE_DELETED)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/admin/roles/3']);
  });

  it("shows the server's message when the role is still held (409)", async () => {
    const held = 'The role Support is still held by 1 staff member(s). Give them another role first.';
    mockApi({ ...signedInAs(ALL_PERMISSIONS), ...rolesApi, 'DELETE /api/admin/roles/2': () => apiError(409, held) });
    renderWithProviders(<RolesPage />, { route: '/roles' });
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Support' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Yes' }));
    expect(await screen.findByText(held)).toBeInTheDocument();
  });

  it('disables Modify and Remove, saying why, on a role holding a permission the viewer lacks', async () => {
    const viewer = ALL_PERMISSIONS.filter((key) => key !== Permission.USERS_LIST);
    mockApi({ ...signedInAs(viewer), ...rolesApi });
    renderWithProviders(<RolesPage />, { route: '/roles' });
    const modify = await screen.findByRole('button', { name: 'Modify Support' }); // Support holds ADMIN_USERS_LIST
    expect(modify).toBeDisabled();
    expect(modify).toHaveAttribute('title', expect.stringContaining('ADMIN_USERS_LIST'));
    expect(screen.getByRole('button', { name: 'Remove Support' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Modify Finance' })).toBeEnabled(); // holds nothing
    expect(screen.getByRole('button', { name: 'Remove Finance' })).toBeEnabled();
  });
});
