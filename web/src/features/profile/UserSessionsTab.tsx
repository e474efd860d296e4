import { useQuery } from '@tanstack/react-query';
import { Alert } from 'antd';
import { PagedTable } from '../../components/PagedTable';
import { usePagedFilters } from '../../components/usePagedFilters';
import { errorMessage } from '../../lib/api';
import { userSessionsQuery } from './profileApi';
import { SESSION_COLUMNS } from './sessionColumns';
import type { UserSession } from './types';

/** The user's sign-in sessions, newest first, one page at a time. */
export function UserSessionsTab({ userId }: { userId: number }) {
  const { page, pageSize, setPaging } = usePagedFilters(() => ({}));
  const query = useQuery(userSessionsQuery(userId, { page, maxPerPage: pageSize }));
  return (
    <>
      {query.isError ? <Alert type="error" showIcon title={errorMessage(query.error)} className="profile-tab__error" /> : null}
      <PagedTable<UserSession>
        rows={query.data?.sessions ?? []}
        columns={SESSION_COLUMNS}
        rowKey="id"
        loading={query.isFetching}
        emptyText="No sessions"
        page={page}
        pageSize={pageSize}
        total={query.data?.total_items ?? 0}
        onPaging={setPaging}
      />
    </>
  );
}
