import { Tree } from 'antd';
import type { TreeDataNode } from 'antd';
import { formatDateTimeUtc } from '../../lib/dateDisplay';
import { UserEmailLink } from '../session/UserEmailLink';
import type { Invite } from './types';

interface InviteNode extends TreeDataNode {
  invite: Invite;
  children: InviteNode[];
}

function toNodes(invites: readonly Invite[]): InviteNode[] {
  return invites.map((invite) => ({ key: invite.id, invite, children: toNodes(invite.children) }));
}

/** The invite tree, expanded: each person's email (to their profile), name and sign-up date. */
export function InviteTree({ invites }: { invites: readonly Invite[] }) {
  return (
    <Tree<InviteNode>
      className="invite-tree"
      aria-label="Invited users"
      showLine
      blockNode
      selectable={false}
      defaultExpandAll
      treeData={toNodes(invites)}
      titleRender={({ invite }) => (
        <span className="invite-tree__node" data-invite-id={invite.id}>
          <UserEmailLink user={invite} />
          <span>{invite.full_name}</span>
          <span className="muted">{formatDateTimeUtc(invite.created_at)}</span>
        </span>
      )}
    />
  );
}
