import type { ListReply } from '../../lib/listPage';

/** One audit-log entry as the API sends it (api-decisions.md "Audit log"). */
export interface AuditRow {
  id: number;
  /** `id` is null when nobody was signed in (a failed sign-in, the demo seed); `email` may then be what was typed. */
  actor: { id: number | null; email: string };
  /** Dotted, e.g. `login.failure`, `role.update`. */
  action: string;
  /** e.g. `user:42`, `role:3`, `promotion`. */
  target: string;
  /** A JSON value, usually an object (`{}` when there is nothing to say). */
  details: unknown;
  ip: string;
  /** RFC 3339, UTC. */
  created_at: string;
}

export type AuditPage = ListReply<'audit', AuditRow>;
