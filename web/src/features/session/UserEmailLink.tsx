import { Link } from 'react-router';
import { useCan } from './useCan';
import { Permission } from '../../lib/permissions';

export interface UserRef {
  id: number;
  email: string;
}

/** A user's e-mail in a table: a link to /userprofile/{id} only for viewers with ADMIN_SHOW_USER. */
export function UserEmailLink({ user }: { user: UserRef }) {
  const canOpen = useCan(Permission.SHOW_USER);
  if (!canOpen) return <span>{user.email}</span>;
  return <Link to={`/userprofile/${user.id}`}>{user.email}</Link>;
}
