import { useQuery } from '@tanstack/react-query';
import { Alert } from 'antd';
import { CsvDownloadButton } from '../../components/CsvDownloadButton';
import { DateRangeFilter } from '../../components/DateRangeFilter';
import { DebouncedInput } from '../../components/DebouncedInput';
import { PagedTable } from '../../components/PagedTable';
import { errorMessage } from '../../lib/api';
import { useListState } from '../../lib/useListState';
import { ActionFilter } from './ActionFilter';
import { AuditChainStatus } from './AuditChainStatus';
import { auditPageQuery, downloadAuditCsv } from './auditApi';
import { AUDIT_COLUMNS } from './auditColumns';
import { AUDIT_LIST, auditCsvQuery, auditListQuery } from './auditFilters';
import type { AuditRow } from './types';
import './audit.css';

/**
 * /audit (ADMIN_AUDIT_LOG): the append-only audit log, newest first, under the check of its hash chain. Filters: actor email (part of it), action (a
 * family or one action), date range with presets; any change goes back to page 1. CSV of the current filters. A
 * failed call shows its message above the (empty or last) list.
 */
export default function AuditLogPage() {
  const { filters, page, pageSize, setFilters, setPaging } = useListState(AUDIT_LIST);
  const query = useQuery(auditPageQuery(auditListQuery(filters, page, pageSize)));
  const reply = query.data;
  return (
    <div className="audit">
      <AuditChainStatus />
      <div className="audit__toolbar" role="search" aria-label="Filters">
        <DateRangeFilter value={filters.range} onChange={(range) => setFilters({ range })} />
        <DebouncedInput
          className="audit__actor-filter"
          type="search"
          aria-label="Actor"
          placeholder="Actor email"
          allowClear
          value={filters.actor}
          onChange={(actor) => setFilters({ actor })}
        />
        <ActionFilter value={filters.action} onChange={(action) => setFilters({ action })} />
        <CsvDownloadButton download={downloadAuditCsv} query={auditCsvQuery(filters)} />
      </div>
      {query.isError ? <Alert type="error" showIcon title={errorMessage(query.error)} className="audit__error" /> : null}
      <PagedTable<AuditRow>
        rows={reply?.audit ?? []}
        columns={AUDIT_COLUMNS}
        rowKey="id"
        loading={query.isFetching}
        emptyText="No audit entries"
        page={page}
        pageSize={pageSize}
        total={reply?.total_items ?? 0}
        onPaging={setPaging}
        fit
      />
    </div>
  );
}
