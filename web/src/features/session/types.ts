import type { GetReply } from '../../lib/apiTypes';

/**
 * The signed-in user, as `GET /api/user` returns it (generated from docs/openapi.json). `roles` is `["ROLE_ADMIN"]`
 * for staff, else empty; `role` is the name of their permission role, if any.
 */
export type CurrentUser = GetReply<'/api/user'>;
