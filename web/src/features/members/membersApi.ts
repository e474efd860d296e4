import { apiGet, apiPatch, apiPost } from '../../lib/api';
import type { PatchReply, PostReply } from '../../lib/apiTypes';
import type { AdminUser, NewUser, UserEdit, UsersPage, UsersQuery } from './types';

/** The security role that makes a user a staff member (listed under Members). */
export const ROLE_ADMIN = 'ROLE_ADMIN';

export function fetchUsers(query: UsersQuery, signal?: AbortSignal): Promise<UsersPage> {
  return apiGet<UsersPage>('/admin/users', { ...query }, { signal });
}

export function createUser(user: NewUser): Promise<AdminUser> {
  return apiPost<AdminUser>('/admin/users/new', user);
}

export function editUser(id: number, edit: UserEdit): Promise<AdminUser> {
  return apiPost<AdminUser>(`/admin/users/${id}/edit`, edit);
}

/** Set Role: gives the staff members `userIds` the permission role `roleId`. */
export function setUsersRole(roleId: number, userIds: number[]): Promise<PostReply<'/api/admin/roles/{id}/adduser'>> {
  return apiPost(`/admin/roles/${roleId}/adduser`, { users: userIds });
}

/** Remove Selected: takes ROLE_ADMIN (and so their permission role) away from `userIds`. */
export function removeMembers(userIds: number[]): Promise<PatchReply<'/api/admin/roles/removeMember'>> {
  return apiPatch('/admin/roles/removeMember', { users: userIds });
}
