import type { components } from '../../lib/api.gen';
import type { ListReply } from '../../lib/listPage';

/**
 * One audit-log entry as the API sends it (generated from docs/openapi.json). `actor.id` is null when nobody was
 * signed in (a failed sign-in, the demo seed); `details` is a JSON value, usually an object.
 */
export type AuditRow = components['schemas']['AuditRow'];

export type AuditPage = ListReply<'audit', AuditRow>;

/** What checking the audit log's hash chain found: entries verified, and the first that does not match (or null). */
export type AuditVerification = components['schemas']['HttpapiAuditVerifyReply'];
