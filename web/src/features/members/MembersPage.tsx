import { MEMBERS_LIST } from './listKinds';
import { MemberListScreen } from './MemberListScreen';

/** `/members`: the staff (ROLE_ADMIN), with Remove Selected and Change role. */
export default function MembersPage() {
  return <MemberListScreen kind={MEMBERS_LIST} />;
}
