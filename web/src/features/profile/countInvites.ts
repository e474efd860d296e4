import type { Invite } from './types';

/** How many people an invite tree holds, at every level. */
export function countInvites(invites: readonly Invite[]): number {
  return invites.reduce((sum, invite) => sum + 1 + countInvites(invite.children), 0);
}
