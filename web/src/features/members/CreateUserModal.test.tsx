import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '../../test/mockApi';
import { jsonResponse, renderWithProviders } from '../../test/render';
import { CreateUserModal, USER_CREATED } from './CreateUserModal';
import { MEMBERS_LIST, USERS_LIST } from './listKinds';
import { chooseOption, makeAdminUser } from './memberTestData';

async function fillForm(values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    await userEvent.type(screen.getByLabelText(label), value);
  }
}

const createButton = () => screen.getByRole('button', { name: 'Create' });

describe('CreateUserModal', () => {
  it('stars every field and keeps Create disabled until the confirmation equals the password', async () => {
    renderWithProviders(<CreateUserModal open kind={MEMBERS_LIST} onClose={() => {}} />);
    expect(await screen.findByRole('dialog', { name: 'Create Member' })).toBeInTheDocument();
    for (const label of ['Display Name', 'Username', 'Email', 'Password', 'Confirm Password', 'Status']) {
      expect(screen.getByText(label, { selector: 'label' })).toHaveClass('ant-form-item-required');
    }
    expect(createButton()).toBeDisabled();
    await fillForm({ Password: 'abc' });
    expect(createButton()).toBeDisabled();
    await fillForm({ 'Confirm Password': 'ab' });
    expect(createButton()).toBeDisabled();
    expect(await screen.findByText('The passwords do not match.')).toBeInTheDocument();
    await fillForm({ 'Confirm Password': 'c' });
    expect(createButton()).toBeEnabled();
  });

  it('creates a member (ROLE_ADMIN), without length rules, then says so and closes', async () => {
    const calls = mockApi({ 'POST /api/admin/users/new': () => jsonResponse(makeAdminUser(), { status: 201 }) });
    const onClose = vi.fn();
    renderWithProviders(<CreateUserModal open kind={MEMBERS_LIST} onClose={onClose} />);
    await screen.findByRole('dialog');
    await fillForm({ 'Display Name': 'D', Username: 'd', Email: 'd@x.io', Password: 'p', 'Confirm Password': 'p' });
    await userEvent.click(createButton());
    expect(await screen.findByText(USER_CREATED)).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({
      full_name: 'D',
      username: 'd',
      email: 'd@x.io',
      password: 'p',
      enabled: true,
      roles: ['ROLE_ADMIN'],
      role_id: null,
    });
  });

  it('creates a plain user with no roles, Inactive when chosen', async () => {
    const calls = mockApi({ 'POST /api/admin/users/new': () => jsonResponse(makeAdminUser(), { status: 201 }) });
    renderWithProviders(<CreateUserModal open kind={USERS_LIST} onClose={() => {}} />);
    expect(await screen.findByRole('dialog', { name: 'Create User' })).toBeInTheDocument();
    await fillForm({ 'Display Name': 'U', Username: 'u', Email: 'u@x.io', Password: 'pw', 'Confirm Password': 'pw' });
    await chooseOption('Status', 'Inactive');
    await userEvent.type(screen.getByLabelText('Username'), '{Enter}'); // Enter in a field submits
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ enabled: false, roles: [] });
  });

  it("shows a 400's field error at its field, not in a banner, and stays open", async () => {
    mockApi({
      'POST /api/admin/users/new': () =>
        apiError(400, 'Bad input.', [{ field: 'password', message: 'The password needs at least 8 characters.' }]),
    });
    const onClose = vi.fn();
    renderWithProviders(<CreateUserModal open kind={MEMBERS_LIST} onClose={onClose} />);
    await screen.findByRole('dialog');
    await fillForm({ 'Display Name': 'D', Username: 'd', Email: 'd@x.io', Password: 'p', 'Confirm Password': 'p' });
    await userEvent.click(createButton());
    const message = await screen.findByText('The password needs at least 8 characters.');
    expect(message.closest('.ant-form-item')).toContainElement(screen.getByLabelText('Password'));
    expect(document.querySelector('.ant-alert')).toBeNull(); // no banner beside the field
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shows a refusal without a field of this form above the fields', async () => {
    mockApi({ 'POST /api/admin/users/new': () => apiError(403, 'Giving a role needs the permission to set a member\'s role.') });
    renderWithProviders(<CreateUserModal open kind={MEMBERS_LIST} onClose={() => {}} />);
    await screen.findByRole('dialog');
    await fillForm({ 'Display Name': 'D', Username: 'd', Email: 'd@x.io', Password: 'p', 'Confirm Password': 'p' });
    await userEvent.click(createButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Giving a role needs');
  });
});
