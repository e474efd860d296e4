import { apiGet, apiPatch, apiPost } from '../../lib/api';
import type { PatchReply, PostReply } from '../../lib/apiTypes';
import type { AdminUser, NewUser, UserEdit, UsersPage, UsersQuery } from './types';

/** The security role that makes a user a staff member (listed under Members). */
export const ROLE_ADMIN = 'ROLE_ADMIN';

export function fetchUsers(query: UsersQuery, signal?: AbortSignal): Promise<UsersPage> {
  return apiGet('/api/admin/users', { params: { query }, signal });
}

export function createUser(user: NewUser): Promise<AdminUser> {
  return apiPost('/api/admin/users/new', { body: user });
}

export function editUser(id: number, edit: UserEdit): Promise<AdminUser> {
  return apiPost('/api/admin/users/{id}/edit', { params: { path: { id } }, body: edit });
}

/** Set Role: gives the staff members `userIds` the permission role `roleId`. */
export function setUsersRole(roleId: number, userIds: number[]): Promise<PostReply<'/api/admin/roles/{id}/adduser'>> {
  return apiPost('/api/admin/roles/{id}/adduser', { params: { path: { id: roleId } }, body: { users: userIds } });
}

/** Remove Selected: takes ROLE_ADMIN (and so their permission role) away from `userIds`. */
export function removeMembers(userIds: number[]): Promise<PatchReply<'/api/admin/roles/removeMember'>> {
  return apiPatch('/api/admin/roles/removeMember', { body: { users: userIds } });
}
