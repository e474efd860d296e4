import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '../../test/mockApi';
import { jsonResponse, renderWithProviders } from '../../test/render';
import { Permission } from '../../lib/permissions';
import { ALL_PERMISSIONS, signedInAs } from '../../test/users';
import { LOCKED_KEY_TITLE } from './PermissionGroups';
import { ROLE_CREATED, ROLE_MODIFIED, RoleEditorModal } from './RoleEditorModal';
import { CATALOGUE_REPLY, makeRole } from './roleTestData';
import { STEP_UP_CANCELLED } from '../../lib/api';
import { stepUpPromptOpen } from '../../lib/stepUp';
import { STEP_UP_TITLE } from '../stepup/StepUpModal';

const catalogueReply = { 'GET /api/admin/roles/permissions': () => jsonResponse(CATALOGUE_REPLY) };

/** Signs in a viewer holding every permission, and serves the catalogue. */
function withCatalogue(viewer: readonly string[] = ALL_PERMISSIONS) {
  return { ...signedInAs(viewer), ...catalogueReply };
}

describe('RoleEditorModal', () => {
  it('Create New Role: Apply Role is disabled while the name is shorter than 3 characters', async () => {
    mockApi(withCatalogue());
    renderWithProviders(<RoleEditorModal open role={null} onClose={() => {}} />);
    expect(await screen.findByText('Create New Role')).toBeInTheDocument();
    const apply = screen.getByRole('button', { name: 'Apply Role' });
    expect(apply).toBeDisabled();
    await userEvent.type(screen.getByLabelText("Role's Display Name"), 'ab');
    expect(apply).toBeDisabled();
    await userEvent.type(screen.getByLabelText("Role's Display Name"), 'c');
    expect(apply).toBeEnabled();
  });

  it('creates a role from the grouped editor (Select All of a group, one more key)', async () => {
    const calls = mockApi({
      ...withCatalogue(),
      'POST /api/admin/roles/new': () => jsonResponse(makeRole({ id: 9 }), { status: 201 }),
    });
    const onClose = vi.fn();
    renderWithProviders(<RoleEditorModal open role={null} onClose={onClose} />);
    await userEvent.type(await screen.findByLabelText("Role's Display Name"), 'Auditors');
    await userEvent.type(screen.getByLabelText('Description'), 'Read only');
    await userEvent.click(await screen.findByRole('button', { name: 'Users (0/2)' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select All Users' }));
    expect(await screen.findByRole('button', { name: 'Users (2/2)' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Dashboard (0/2)' }));
    await userEvent.click(screen.getByRole('checkbox', { name: /Coin candle cards/ }));
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Select All Dashboard' })).toBePartiallyChecked());
    await userEvent.click(screen.getByRole('button', { name: 'Apply Role' }));

    expect(await screen.findByText(ROLE_CREATED)).toBeInTheDocument();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const body = calls.find((c) => c.method === 'POST')?.body as { role: string; description: string; permissions: string[] };
    expect(body.role).toBe('Auditors');
    expect(body.description).toBe('Read only');
    expect([...body.permissions].sort()).toEqual(['ADMIN_CANDLES', 'ADMIN_CREATE_USER', 'ADMIN_USERS_LIST']);
  });

  it('shows the message of a refused create', async () => {
    mockApi({
      ...withCatalogue(),
      'POST /api/admin/roles/new': () => apiError(400, 'The role name Support is already in use.', [{ field: 'role', message: 'taken' }]),
    });
    renderWithProviders(<RoleEditorModal open role={null} onClose={() => {}} />);
    await userEvent.type(await screen.findByLabelText("Role's Display Name"), 'Support{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('The role name Support is already in use.');
  });

  it('Modify Permissions: prefilled; success needs the id in the reply', async () => {
    const role = makeRole({ id: 2, role: 'Support', description: 'Help desk', permissions: ['ADMIN_USERS_LIST'] });
    let reply: unknown = { message: 'Not saved.' };
    const calls = mockApi({ ...withCatalogue(), 'POST /api/admin/roles/2/edit': () => jsonResponse(reply) });
    const onClose = vi.fn();
    renderWithProviders(<RoleEditorModal open role={role} onClose={onClose} />);
    expect(await screen.findByText('Modify Permissions')).toBeInTheDocument();
    expect(screen.getByLabelText("Role's Display Name")).toHaveValue('Support');
    expect(screen.getByLabelText('Description')).toHaveValue('Help desk');
    expect(await screen.findByRole('button', { name: 'Users (1/2)' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Modify Role' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Not saved.');
    expect(onClose).not.toHaveBeenCalled();

    reply = { ...role, description: 'Help desk' };
    await userEvent.click(screen.getByRole('button', { name: 'Modify Role' }));
    expect(await screen.findByText(ROLE_MODIFIED)).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({
      role: 'Support',
      description: 'Help desk',
      permissions: ['ADMIN_USERS_LIST'],
      allowedNetworks: [],
    });
  });

  it('edits the allowed networks: prefilled one per line, sent as a list', async () => {
    const role = makeRole({ id: 2, allowedNetworks: ['10.0.0.0/8', '198.51.100.7/32'] });
    const calls = mockApi({ ...withCatalogue(), 'POST /api/admin/roles/2/edit': () => jsonResponse(role) });
    renderWithProviders(<RoleEditorModal open role={role} onClose={() => {}} />);
    const networks = await screen.findByLabelText('Allowed networks');
    expect(networks).toHaveValue('10.0.0.0/8\n198.51.100.7/32');
    await userEvent.clear(networks);
    await userEvent.type(networks, '10.1.0.0/16, 2001:db8::/32{Enter}  192.0.2.1 ');
    await userEvent.click(screen.getByRole('button', { name: 'Modify Role' }));
    expect(await screen.findByText(ROLE_MODIFIED)).toBeInTheDocument();
    expect((calls.filter((c) => c.method === 'POST').at(-1)?.body as { allowedNetworks: string[] }).allowedNetworks).toEqual([
      '10.1.0.0/16',
      '2001:db8::/32',
      '192.0.2.1',
    ]);
  });

  it('Modify Role on a session that has not stepped up: the code is asked for, then the edit is sent again', async () => {
    const role = makeRole({ id: 2, role: 'Support', description: 'Help desk', permissions: ['ADMIN_USERS_LIST'] });
    const refused = 'Confirm with your second factor to continue.';
    let fresh = false;
    const calls = mockApi({
      ...withCatalogue(),
      'POST /api/admin/roles/2/edit': () => (fresh ? jsonResponse(role) : apiError(403, refused, [{ field: 'step_up', message: refused }])),
      'POST /api/user/step-up': () => {
        fresh = true;
        return jsonResponse({ stepped_up_until: '2026-11-24T14:00:00Z' });
      },
    });
    const onClose = vi.fn();
    renderWithProviders(<RoleEditorModal open role={role} onClose={onClose} />);
    await screen.findByRole('button', { name: 'Users (1/2)' });
    const edits = () => calls.filter((c) => c.path === '/api/admin/roles/2/edit');

    // (Under jsdom every antd dialog is labelled by the same id: the prompt is found by its title.)
    const prompt = async () => (await screen.findByText(STEP_UP_TITLE)).closest<HTMLElement>('[role="dialog"]')!;

    // Cancelled: the editor says nothing was changed, and stays open.
    await userEvent.click(screen.getByRole('button', { name: 'Modify Role' }));
    await userEvent.click(within(await prompt()).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText(STEP_UP_CANCELLED)).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(edits()).toHaveLength(1);

    // Confirmed: the same edit goes again, and is saved. (The button's leaving spinner stays in its name: no
    // animation ends under jsdom.)
    await userEvent.click(screen.getByRole('button', { name: /Modify Role$/ }));
    await waitFor(() => expect(stepUpPromptOpen()).toBe(true));
    await userEvent.type(within(await prompt()).getByLabelText('Authenticator code'), '123456');
    expect(await screen.findByText(ROLE_MODIFIED)).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    expect(edits()).toHaveLength(3);
    expect(edits()[2].body).toEqual(edits()[1].body);
  });

  it('an edit the approval policy covers: the editor closes, "sent for approval" is told, nothing said saved', async () => {
    const role = makeRole({ id: 2, role: 'Support', description: 'Help desk', permissions: ['ADMIN_USERS_LIST'] });
    const sent = { approval: { id: 8, action: 'role.edit', status: 'pending', summary: 'Edit a role: Support' } };
    mockApi({ ...withCatalogue(), 'POST /api/admin/roles/2/edit': () => jsonResponse(sent, { status: 202 }) });
    const onClose = vi.fn();
    renderWithProviders(<RoleEditorModal open role={role} onClose={onClose} />);
    await screen.findByRole('button', { name: 'Users (1/2)' });
    await userEvent.click(screen.getByRole('button', { name: 'Modify Role' }));
    expect(await screen.findByText(/^Sent for approval: Edit a role: Support\. Nothing is changed until another staff member approves it/)).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    expect(screen.queryByText(ROLE_MODIFIED)).not.toBeInTheDocument();
    expect(document.querySelector('.ant-alert-error')).toBeNull(); // not shown as a failure
  });

  it('keeps the permission sections collapsible', async () => {
    mockApi(withCatalogue());
    renderWithProviders(<RoleEditorModal open role={null} onClose={() => {}} />);
    const header = await screen.findByRole('button', { name: 'Dashboard (0/2)' });
    expect(header).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(header);
    expect(header).toHaveAttribute('aria-expanded', 'true');
    expect(within(screen.getByRole('dialog')).getByRole('checkbox', { name: /Registered and verified users/ })).toBeInTheDocument();
  });

  it('greys out the permissions the viewer lacks: Select All leaves them as they are', async () => {
    const viewer = ALL_PERMISSIONS.filter((key) => key !== Permission.CANDLES);
    const calls = mockApi({
      ...withCatalogue(viewer),
      'POST /api/admin/roles/new': () => jsonResponse(makeRole({ id: 9 }), { status: 201 }),
    });
    renderWithProviders(<RoleEditorModal open role={null} onClose={() => {}} />);
    await userEvent.type(await screen.findByLabelText("Role's Display Name"), 'Viewers');
    await userEvent.click(await screen.findByRole('button', { name: 'Dashboard (0/2)' }));
    expect(screen.getByText(/Greyed permissions are ones you do not hold/)).toBeInTheDocument();
    const candles = screen.getByRole('checkbox', { name: /Coin candle cards/ });
    expect(candles).toBeDisabled();
    expect(within(candles.closest('label')!).getByTitle(LOCKED_KEY_TITLE)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /Registered and verified users/ })).toBeEnabled();

    const selectAll = screen.getByRole('checkbox', { name: 'Select All Dashboard' });
    await userEvent.click(selectAll);
    expect(candles).not.toBeChecked();
    expect(selectAll).toBeChecked(); // every key the viewer may change is ticked
    expect(screen.getByRole('button', { name: 'Dashboard (1/2)' })).toBeInTheDocument();
    await userEvent.click(selectAll);
    expect(screen.getByRole('button', { name: 'Dashboard (0/2)' })).toBeInTheDocument();
    await userEvent.click(selectAll);
    await userEvent.click(screen.getByRole('button', { name: 'Apply Role' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const body = calls.find((c) => c.method === 'POST')?.body as { permissions: string[] };
    expect(body.permissions).toEqual(['ADMIN_TOTAL_USER']);
  });

  it('greys out nothing for a viewer holding every permission', async () => {
    mockApi(withCatalogue());
    renderWithProviders(<RoleEditorModal open role={null} onClose={() => {}} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Dashboard (0/2)' }));
    expect(screen.getByRole('checkbox', { name: /Coin candle cards/ })).toBeEnabled();
    expect(screen.queryByText(/Greyed permissions/)).not.toBeInTheDocument();
  });
});
