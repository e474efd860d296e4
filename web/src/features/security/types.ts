import type { GetReply } from '../../lib/apiTypes';

/** One of the caller's own live sessions (`GET /api/user/sessions`); `current` marks the one making the call. */
export type OwnSession = GetReply<'/api/user/sessions'>['sessions'][number];

/** A page of the sessions console (`GET /api/admin/sessions`). */
export type StaffSessionsPage = GetReply<'/api/admin/sessions'>;

/** A staff member's live session, as the sessions console lists it. */
export type StaffSession = StaffSessionsPage['sessions'][number];

/** What the session tables show of any session: where it signed in from, when, and when it was last used. */
export type SessionRow = Pick<OwnSession, 'id' | 'platform' | 'deviceModel' | 'ip' | 'createdAt' | 'updatedAt'>;
