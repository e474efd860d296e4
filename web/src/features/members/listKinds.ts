import { ROLE_ADMIN } from './membersApi';
import type { UsersQuery } from './types';

/** What differs between the two screens the member list serves. */
export interface MemberListKind {
  /** Sent as `role` to the list call: ROLE_ADMIN for the members, nothing for every user. */
  roleFilter?: UsersQuery['role'];
  /** The create button's label and the create modal's title. */
  createLabel: string;
  /** The security roles a user created here gets. */
  newUserRoles: string[];
  /** Members only: the Roles column, Remove Selected and Change role. */
  staff: boolean;
  /** "members" / "users", for messages such as "No members found". */
  plural: string;
}

/** `/members`: the staff (ROLE_ADMIN). */
export const MEMBERS_LIST: MemberListKind = {
  roleFilter: ROLE_ADMIN,
  createLabel: 'Create Member',
  newUserRoles: [ROLE_ADMIN],
  staff: true,
  plural: 'members',
};

/** `/usermanagement`: every user. */
export const USERS_LIST: MemberListKind = {
  createLabel: 'Create User',
  newUserRoles: [],
  staff: false,
  plural: 'users',
};
