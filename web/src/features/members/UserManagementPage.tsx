import { USERS_LIST } from './listKinds';
import { MemberListScreen } from './MemberListScreen';

/** `/usermanagement`: every user. */
export default function UserManagementPage() {
  return <MemberListScreen kind={USERS_LIST} />;
}
