import type { GetQuery, GetReply } from '../../lib/apiTypes';

/** One page of the audit log (`GET /api/admin/audit`). */
export type AuditPage = GetReply<'/api/admin/audit'>;

/** The audit log's query (its CSV export's, without the paging). */
export type AuditQuery = GetQuery<'/api/admin/audit'>;

/**
 * One audit-log entry as the API sends it (generated from docs/openapi.json). `actor.id` is null when nobody was
 * signed in (a failed sign-in, the demo seed); `details` is a JSON value, usually an object.
 */
export type AuditRow = AuditPage['audit'][number];

/** What checking the audit log's hash chain found: entries verified, and the first that does not match (or null). */
export type AuditVerification = GetReply<'/api/admin/audit/verify'>;
