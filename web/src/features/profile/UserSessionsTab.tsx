import { useQuery } from '@tanstack/react-query';
import { Alert } from 'antd';
import { PagedTable } from '../../components/PagedTable';
import { errorMessage } from '../../lib/api';
import { pagesOnly, useListState } from '../../lib/useListState';
import { userSessionsQuery } from './profileApi';
import { SESSION_COLUMNS } from './sessionColumns';
import type { UserSession } from './types';

/** The tab's pages in the URL, after `sessions.` (the profile has other lists). */
const SESSION_LIST = pagesOnly('sessions.');

/** The user's sign-in sessions, newest first, one page at a time. */
export function UserSessionsTab({ userId }: { userId: number }) {
  const { page, pageSize, setPaging } = useListState(SESSION_LIST);
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
