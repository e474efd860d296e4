import { apiDelete, apiGet, apiPost } from '../../lib/api';
import type { PostReply } from '../../lib/apiTypes';
import type { PermissionCatalogue, Role, RoleInput, RolesPage } from './types';

/** The roles screen (and the role picker) read the first 100 roles in one page (`GET /api/admin/roles`). */
export const ROLES_PAGE_SIZE = 100;

export function fetchRoles(signal?: AbortSignal): Promise<RolesPage> {
  return apiGet('/api/admin/roles', { params: { query: { page: 1, maxPerPage: ROLES_PAGE_SIZE } }, signal });
}

export async function fetchPermissionCatalogue(signal?: AbortSignal): Promise<PermissionCatalogue> {
  const reply = await apiGet('/api/admin/roles/permissions', { signal });
  return reply.permissions;
}

export function createRole(input: RoleInput): Promise<Role> {
  return apiPost('/api/admin/roles/new', { body: input });
}

/**
 * The reply is the role (with its id) on success; a reply without an id counts as a failure (its message shown).
 * docs/openapi.json documents only the role (200) and the error envelope; the type stays loose (`Partial`, plus an
 * optional `message`) because the screen keeps that defensive check of a 200 without an id.
 */
export function editRole(
  id: number,
  input: RoleInput,
): Promise<Partial<PostReply<'/api/admin/roles/{id}/edit'>> & { message?: string }> {
  return apiPost('/api/admin/roles/{id}/edit', { params: { path: { id } }, body: input });
}

export function deleteRole(id: number): Promise<void> {
  return apiDelete('/api/admin/roles/{id}', { params: { path: { id } } });
}
