import type { components } from '../../lib/api.gen';

/** The profile's calls' shapes, generated from docs/openapi.json. */
type Schemas = components['schemas'];

/** GET /api/admin/users/{id}. */
export type ProfileUser = Schemas['AccountsUser'];

/** GET /api/admin/users/brief/{id}: USD decimal strings and counts. */
export type UserBrief = Schemas['ProfileBrief'];

/** A wallet of GET /api/admin/users/wallets/{id}. */
export type Wallet = Schemas['ProfileWallet'];

/** A session of GET /api/admin/users/sessions/{id}; `updatedAt` is when it was last seen. */
export type UserSession = Schemas['ProfileSession'];

/** A node of GET /api/admin/users/invites/{id}: someone the user invited, and whom they invited (10 levels). */
export type Invite = Schemas['ProfileInvite'];
