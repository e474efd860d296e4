import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '../../test/mockApi';
import { jsonResponse, renderWithProviders } from '../../test/render';
import { EditUserModal, USER_EDITED } from './EditUserModal';
import { chooseOption, makeAdminUser } from './memberTestData';

const selector = (label: string) => screen.getByRole('combobox', { name: label });

describe('EditUserModal ("User Information")', () => {
  it('disables the 2FA selectors of methods that are already off', async () => {
    const user = makeAdminUser({ isGoogleAuthenticatorEnabled: false, isSMS2FaEnabled: false });
    renderWithProviders(<EditUserModal user={user} onClose={() => {}} />);
    expect(await screen.findByRole('dialog', { name: 'User Information' })).toBeInTheDocument();
    expect(selector('Google Authenticator')).toBeDisabled();
    expect(selector('SMS 2FA')).toBeDisabled();
    expect(selector('Status')).toBeEnabled();
  });

  it("says where the customer's last change stands at the core, and nothing when none was sent", async () => {
    const rejected = makeAdminUser({
      core: { commandId: 'c-1', state: 'rejected', reason: 'A withdrawal is in flight', at: '2026-11-28T11:00:00Z' },
    });
    const { unmount } = renderWithProviders(<EditUserModal user={rejected} onClose={() => {}} />);
    expect(await screen.findByText('Rejected by the core')).toBeInTheDocument();
    expect(screen.getByText(/A withdrawal is in flight/)).toBeInTheDocument();
    unmount();
    renderWithProviders(<EditUserModal user={makeAdminUser()} onClose={() => {}} />);
    expect(await screen.findByRole('dialog', { name: 'User Information' })).toBeInTheDocument();
    expect(screen.queryByText(/The last change at the exchange core/)).toBeNull();
  });

  it('lets a method that is on be switched off, and sends only the keys the server takes', async () => {
    const calls = mockApi({ 'POST /api/admin/users/12/edit': () => jsonResponse(makeAdminUser({ id: 12 })) });
    const onClose = vi.fn();
    const user = makeAdminUser({ id: 12, isGoogleAuthenticatorEnabled: true, isSMS2FaEnabled: false, phone_number: null });
    renderWithProviders(<EditUserModal user={user} onClose={onClose} />);
    await screen.findByRole('dialog');
    expect(selector('SMS 2FA')).toBeDisabled();
    expect(selector('Google Authenticator')).toBeEnabled();
    expect(screen.getByText('Email', { selector: 'label' })).toHaveClass('ant-form-item-required');
    expect(screen.getByText('Status', { selector: 'label' })).toHaveClass('ant-form-item-required');

    await chooseOption('Google Authenticator', 'Inactive');
    // Another staff member's second factor: the editor confirms with their own code.
    await userEvent.type(await screen.findByLabelText('Your authenticator code'), '123456');
    await userEvent.clear(screen.getByLabelText('Full Name'));
    await userEvent.type(screen.getByLabelText('Full Name'), 'Sam Renamed');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(USER_EDITED)).toBeInTheDocument();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      email: user.email,
      full_name: 'Sam Renamed',
      username: user.username,
      enabled: true,
      isGoogleAuthenticatorEnabled: false,
      isSMS2FaEnabled: false,
      phone_number: '',
      code: '123456',
    });
  });

  it('asks for the editor\'s code only for another staff member\'s email or second factor', async () => {
    const calls = mockApi({ 'POST /api/admin/users/12/edit': () => jsonResponse(makeAdminUser({ id: 12 })) });
    renderWithProviders(<EditUserModal user={makeAdminUser({ id: 12, roles: [] })} onClose={() => {}} />);
    await screen.findByRole('dialog');
    await userEvent.clear(screen.getByLabelText('Email'));
    await userEvent.type(screen.getByLabelText('Email'), 'customer.new@example.com');
    expect(screen.queryByLabelText('Your authenticator code')).not.toBeInTheDocument(); // a customer
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(USER_EDITED)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).not.toHaveProperty('code');
  });

  it('shows the message and the first error of a failure', async () => {
    mockApi({
      'POST /api/admin/users/7/edit': () =>
        apiError(400, 'Bad input.', [{ field: 'enabled', message: 'You cannot disable your own account.' }]),
    });
    renderWithProviders(<EditUserModal user={makeAdminUser()} onClose={() => {}} />);
    await screen.findByRole('dialog');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Bad input.');
    expect(alert).toHaveTextContent('You cannot disable your own account.');
  });
});
