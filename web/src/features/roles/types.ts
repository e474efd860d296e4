import type { GetReply, PostBody } from '../../lib/apiTypes';

/**
 * A permission role (`GET /api/admin/roles`), generated from docs/openapi.json: `builtin` marks the Administrator,
 * which cannot be removed; `members` counts the staff members who hold it.
 */
export type Role = RolesPage['roles'][number];

/** `GET /api/admin/roles` reply. */
export type RolesPage = GetReply<'/api/admin/roles'>;

/** One permission of the catalogue: its key and title. */
export type PermissionInfo = PermissionCatalogue[string][number];

/** `GET /api/admin/roles/permissions`: category → permissions, categories in display order. */
export type PermissionCatalogue = GetReply<'/api/admin/roles/permissions'>['permissions'];

/** `POST /api/admin/roles/new` and `/{id}/edit`. */
export type RoleInput = PostBody<'/api/admin/roles/new'>;
