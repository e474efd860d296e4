import type { GetReply } from '../../lib/apiTypes';

/** GET /api/admin/users/{id} (the profile's calls' shapes: docs/openapi.json's replies). */
export type ProfileUser = GetReply<'/api/admin/users/{id}'>;

/** GET /api/admin/users/brief/{id}: USD decimal strings and counts. */
export type UserBrief = GetReply<'/api/admin/users/brief/{id}'>;

/** A wallet of GET /api/admin/users/wallets/{id}. */
export type Wallet = GetReply<'/api/admin/users/wallets/{id}'>['wallets'][number];

/** A session of GET /api/admin/users/sessions/{id}; `updatedAt` is when it was last seen. */
export type UserSession = GetReply<'/api/admin/users/sessions/{id}'>['sessions'][number];

/** A node of GET /api/admin/users/invites/{id}: someone the user invited, and whom they invited (10 levels). */
export type Invite = GetReply<'/api/admin/users/invites/{id}'>['invites'][number];
