/** A permission role (`GET /api/admin/roles`). */
export interface Role {
  id: number;
  role: string;
  description: string;
  permissions: string[];
  /** The built-in Administrator: it cannot be removed. */
  builtin: boolean;
  /** How many staff members hold it. */
  members: number;
}

export interface RolesPage {
  roles: Role[];
  page: number;
  items_per_page: number;
  total_items: number;
  total_pages: number;
}

export interface PermissionInfo {
  key: string;
  title: string;
}

/** `GET /api/admin/roles/permissions`: category → permissions, categories in display order. */
export type PermissionCatalogue = Record<string, PermissionInfo[]>;

/** `POST /api/admin/roles/new` and `/{id}/edit`. */
export interface RoleInput {
  role: string;
  description: string;
  permissions: string[];
}
