import { useQuery } from '@tanstack/react-query';
import { QueryCard } from '../../components/QueryCard';
import { countInvites } from './countInvites';
import { InviteTree } from './InviteTree';
import { userInvitesQuery } from './profileApi';

/** Whom the user invited, and whom they invited in turn (up to 10 levels). */
export function InvitedUsersTab({ userId }: { userId: number }) {
  const query = useQuery(userInvitesQuery(userId));
  return (
    <QueryCard
      title="Invited Users"
      query={query}
      isEmpty={(invites) => invites.length === 0}
      emptyText="No invited users"
      extra={query.data?.length ? <span className="muted">{`${countInvites(query.data)} in all, ${query.data.length} directly`}</span> : null}
    >
      {(invites) => <InviteTree invites={invites} />}
    </QueryCard>
  );
}
