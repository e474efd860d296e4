import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiDownload, apiGet } from '../../lib/api';
import type { AuditQuery } from './types';

/** One page of the audit log, newest first (the server orders it). */
export function auditPageQuery(query: AuditQuery) {
  return queryOptions({
    queryKey: ['audit', query],
    queryFn: ({ signal }) => apiGet('/api/admin/audit', { params: { query }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Saves the CSV of the filtered audit log (no paging); resolves to the file name. */
export function downloadAuditCsv(query: AuditQuery): Promise<string> {
  return apiDownload('/api/admin/audit/CSV', { params: { query } });
}

/** The check of the whole hash chain (the server reads every entry): on opening the screen and on demand. */
export function auditVerifyQuery() {
  return queryOptions({
    queryKey: ['audit-verify'],
    queryFn: ({ signal }) => apiGet('/api/admin/audit/verify', { signal }),
  });
}
