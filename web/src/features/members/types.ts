import type { GetQuery, GetReply, PostBody } from '../../lib/apiTypes';

/** A user as the admin user calls return it (`GET /api/admin/users`, create, edit): generated from docs/openapi.json. */
export type AdminUser = UsersPage['users'][number];

/** `GET /api/admin/users` reply. */
export type UsersPage = GetReply<'/api/admin/users'>;

/**
 * The `GET /api/admin/users` query the lists send: the page, its size and the search (matches email, username or
 * full name, contains, case-insensitive) always; `role: 'ROLE_ADMIN'` lists the staff (members), `staff: 'false'` the customers;
 * `enabled`, `email_verified` and `second_factor` ('true' or 'false') when the screen filters by them.
 */
export type UsersQuery = Required<Pick<GetQuery<'/api/admin/users'>, 'page' | 'maxPerPage' | 'q'>> &
  Pick<GetQuery<'/api/admin/users'>, 'role' | 'staff' | UserFlagFilter>;

/** The yes-or-no filters of the user lists, named as the list call's parameters. */
export type UserFlagFilter = 'enabled' | 'email_verified' | 'second_factor';

/** `POST /api/admin/users/new`; `roles` is `["ROLE_ADMIN"]` for a member, `[]` for a plain user. */
export type NewUser = PostBody<'/api/admin/users/new'>;

/**
 * `POST /api/admin/users/{id}/edit` (the server refuses any other key). The two second factors can only go from true
 * to false; `code` is the editor's own current authenticator code, needed for another staff member's email or
 * second factor.
 */
export type UserEdit = PostBody<'/api/admin/users/{id}/edit'>;
