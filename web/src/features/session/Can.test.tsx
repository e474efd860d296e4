import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setToken } from '../../lib/api';
import { Permission } from '../../lib/permissions';
import { mockApi } from '../../test/mockApi';
import { jsonResponse, renderWithProviders } from '../../test/render';
import { makeUser } from '../../test/users';
import { Can } from './Can';
import { useSession } from './SessionContext';

function Widgets() {
  const { status } = useSession();
  if (status !== 'signedIn') return <p>waiting</p>;
  return (
    <>
      <Can rule={Permission.USERS_LIST}>
        <button type="button">List users</button>
      </Can>
      <Can rule={Permission.CREATE_ROLE} fallback={<span>No role creation</span>}>
        <button type="button">Create role</button>
      </Can>
      <Can rule={[Permission.TRANSACTION_ACCOUNTING, Permission.USER_ACCOUNTING]}>
        <span>Accounting</span>
      </Can>
    </>
  );
}

describe('<Can>', () => {
  it('renders gated widgets only for the permissions the user holds', async () => {
    setToken('t');
    mockApi({
      'GET /api/user': () =>
        jsonResponse(makeUser({ permissions: [Permission.USERS_LIST, Permission.TRANSACTION_ACCOUNTING] })),
    });
    renderWithProviders(<Widgets />);
    expect(await screen.findByRole('button', { name: 'List users' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create role' })).not.toBeInTheDocument();
    expect(screen.getByText('No role creation')).toBeInTheDocument();
    expect(screen.queryByText('Accounting')).not.toBeInTheDocument();
  });

  it('renders nothing gated while signed out', () => {
    renderWithProviders(
      <Can rule={Permission.USERS_LIST} fallback={<span>nope</span>}>
        <span>secret</span>
      </Can>,
    );
    expect(screen.getByText('nope')).toBeInTheDocument();
    expect(screen.queryByText('secret')).not.toBeInTheDocument();
  });
});
