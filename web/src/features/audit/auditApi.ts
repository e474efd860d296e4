import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Query } from '../../lib/api';
import { apiDownload, apiGet } from '../../lib/api';
import type { AuditPage, AuditVerification } from './types';

const AUDIT_PATH = '/admin/audit';

/** One page of the audit log, newest first (the server orders it). */
export function auditPageQuery(query: Query) {
  return queryOptions({
    queryKey: ['audit', query],
    queryFn: ({ signal }) => apiGet<AuditPage>(AUDIT_PATH, query, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Saves the CSV of the filtered audit log (no paging); resolves to the file name. */
export function downloadAuditCsv(query: Query): Promise<string> {
  return apiDownload(`${AUDIT_PATH}/CSV`, query);
}

/** The check of the whole hash chain (the server reads every entry): on opening the screen and on demand. */
export function auditVerifyQuery() {
  return queryOptions({
    queryKey: ['audit-verify'],
    queryFn: ({ signal }) => apiGet<AuditVerification>(`${AUDIT_PATH}/verify`, undefined, { signal }),
  });
}
