import type { components } from '../../lib/api.gen';
import type { ListReply } from '../../lib/listPage';

type Schemas = components['schemas'];

/** One of the caller's own live sessions (`GET /api/user/sessions`); `current` marks the one making the call. */
export type OwnSession = Schemas['AuthOwnSession'];

/** A staff member's live session, as the sessions console lists it (`GET /api/admin/sessions`). */
export type StaffSession = Schemas['AuthStaffSession'];

/** A page of the sessions console. */
export type StaffSessionsPage = ListReply<'sessions', StaffSession>;

/** What the session tables show of any session: where it signed in from, when, and when it was last used. */
export type SessionRow = Pick<OwnSession, 'id' | 'platform' | 'deviceModel' | 'ip' | 'createdAt' | 'updatedAt'>;
