import { Link } from 'react-router';
import { useCan } from './useCan';
import type { GetReply } from '../../lib/apiTypes';
import { Permission } from '../../lib/permissions';

/** A user as the lists name one (`{id, email}`), e.g. a transaction's `user` in docs/openapi.json. */
export type UserRef = GetReply<'/api/admin/transactions/history'>['transactionHistory'][number]['user'];

/** A user's e-mail in a table: a link to /userprofile/{id} only for viewers with ADMIN_SHOW_USER. */
export function UserEmailLink({ user }: { user: UserRef }) {
  const canOpen = useCan(Permission.SHOW_USER);
  if (!canOpen) return <span>{user.email}</span>;
  return <Link to={`/userprofile/${user.id}`}>{user.email}</Link>;
}
