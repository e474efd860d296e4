import type { OwnSession, StaffSession, StaffSessionsPage } from './types';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** One of the caller's sessions: this browser, signed in this morning; every field can be overridden. */
export function makeOwnSession(overrides: Partial<OwnSession> = {}): OwnSession {
  return {
    id: 11,
    platform: 'Web',
    deviceModel: CHROME,
    ip: '203.0.113.9',
    createdAt: '2026-11-22T08:00:00+00:00',
    updatedAt: '2026-11-22T09:30:00+00:00',
    current: true,
    ...overrides,
  };
}

/** A staff member's session as the console lists it. */
export function makeStaffSession(overrides: Partial<StaffSession> = {}): StaffSession {
  return {
    id: 31,
    platform: 'Web',
    deviceModel: CHROME,
    ip: '198.51.100.4',
    createdAt: '2026-11-22T07:15:00+00:00',
    updatedAt: '2026-11-22T09:05:00+00:00',
    user: { id: 3, email: 'dana@xapa.example' },
    current: false,
    ...overrides,
  };
}

/** A console page of `rows` out of `total`. */
export function staffSessionsPage(rows: StaffSession[], total = rows.length, page = 1, perPage = 25): StaffSessionsPage {
  return { sessions: rows, page, items_per_page: perPage, total_items: total, total_pages: Math.ceil(total / perPage) };
}
