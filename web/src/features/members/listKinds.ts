import { ROLE_ADMIN } from './membersApi';
import type { UsersQuery } from './types';

/** What differs between the two screens the member list serves. */
export interface MemberListKind {
  /** What the list call is asked for: the staff (role ROLE_ADMIN) or the customers (staff false). */
  listFilter: Pick<UsersQuery, 'role' | 'staff'>;
  /** The create button's label and the create modal's title. */
  createLabel: string;
  /** The security roles a user created here gets. */
  newUserRoles: string[];
  /** Members only: the Roles column, Remove Selected and Change role (the customers' selection copies emails). */
  staff: boolean;
  /** "members" / "users", for messages such as "No members found". */
  plural: string;
}

/** `/members`: the staff (ROLE_ADMIN). */
export const MEMBERS_LIST: MemberListKind = {
  listFilter: { role: ROLE_ADMIN },
  createLabel: 'Create Member',
  newUserRoles: [ROLE_ADMIN],
  staff: true,
  plural: 'members',
};

/** `/usermanagement`: the customers, never staff (they are under Members). */
export const USERS_LIST: MemberListKind = {
  listFilter: { staff: 'false' },
  createLabel: 'Create User',
  newUserRoles: [],
  staff: false,
  plural: 'users',
};
