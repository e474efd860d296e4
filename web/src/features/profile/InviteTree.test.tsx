import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setToken } from '../../lib/api';
import { Permission } from '../../lib/permissions';
import { mockApi } from '../../test/mockApi';
import { jsonResponse, renderWithProviders } from '../../test/render';
import { makeUser } from '../../test/users';
import { countInvites } from './countInvites';
import { InviteTree } from './InviteTree';
import { INVITES } from './profileTestData';

describe('<InviteTree>', () => {
  it('shows every level, expanded, each node with its email (to the profile), name and date', async () => {
    setToken('t');
    mockApi({ 'GET /api/user': () => jsonResponse(makeUser({ permissions: [Permission.SHOW_USER] })) });
    renderWithProviders(<InviteTree invites={INVITES} />);
    const tree = screen.getByRole('tree');
    expect(tree).toBeInTheDocument();
    const elijah = await within(tree).findByRole('link', { name: 'elijah@example.com' });
    expect(elijah).toHaveAttribute('href', '/userprofile/134');
    for (const [id, email] of [[21, 'kenji@example.com'], [99, 'nadia@example.com'], [22, 'lea@example.com']] as const) {
      const node = document.querySelector(`[data-invite-id="${id}"]`)!;
      expect(within(node as HTMLElement).getByRole('link', { name: email })).toHaveAttribute('href', `/userprofile/${id}`);
      expect(node).toHaveTextContent(`Name ${id}`);
      expect(node).toHaveTextContent('2025-12-08 10:18:14 UTC');
    }
    // Nadia sits under Kenji, Elijah under Nadia: the tree indents them one and two levels.
    const indentOf = (id: number) =>
      document.querySelector(`[data-invite-id="${id}"]`)!.closest('.ant-tree-treenode')!.querySelectorAll('.ant-tree-indent-unit').length;
    expect([indentOf(21), indentOf(99), indentOf(134), indentOf(22)]).toEqual([0, 1, 2, 0]);
  });

  it('counts everyone in the tree', () => {
    expect(countInvites(INVITES)).toBe(4);
    expect(countInvites([])).toBe(0);
  });
});
