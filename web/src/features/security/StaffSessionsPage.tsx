import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert } from 'antd';
import type { TableColumnsType } from 'antd';
import { DebouncedInput } from '../../components/DebouncedInput';
import { PagedTable } from '../../components/PagedTable';
import { errorMessage } from '../../lib/api';
import { textParam } from '../../lib/listParams';
import type { ListSpec } from '../../lib/useListState';
import { useListState } from '../../lib/useListState';
import { UserEmailLink } from '../session/UserEmailLink';
import { RevokeSessionButton } from './RevokeSessionButton';
import { revokeStaffSession, securityKeys, staffSessionsQuery } from './securityApi';
import { sessionColumns } from './sessionColumns';
import type { StaffSession } from './types';
import './security.css';

/** The console's filter: part of a staff member's email or username ('' = everyone). */
interface StaffSessionFilters {
  user: string;
}

/** The filter in the URL as the list call names it: `user`. */
const STAFF_SESSION_LIST: ListSpec<StaffSessionFilters> = {
  params: { user: textParam('user') },
  defaults: () => ({ user: '' }),
};

/**
 * /sessions (ADMIN_SESSIONS): every staff member's signed-in devices, newest first, filtered by user (part of an
 * email or username; a change goes back to page 1). Each one can be revoked after a confirmation. A failed call
 * shows its message above the (empty or last) list.
 */
export default function StaffSessionsPage() {
  const { filters, page, pageSize, setFilters, setPaging } = useListState(STAFF_SESSION_LIST);
  const query = useQuery(staffSessionsQuery({ page, maxPerPage: pageSize, user: filters.user }));
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: securityKeys.staff });
  const columns: TableColumnsType<StaffSession> = [
    { key: 'user', title: 'User', render: (_, s) => <UserEmailLink user={s.user} /> },
    ...sessionColumns<StaffSession>((s) => s.current),
    {
      key: 'revoke',
      title: 'Revoke',
      render: (_, s) => <RevokeSessionButton session={s} owner={s.user.email} revoke={revokeStaffSession} onSettled={reload} />,
    },
  ];
  const reply = query.data;
  return (
    <div className="sessions">
      <div className="sessions__toolbar" role="search" aria-label="Filters">
        <DebouncedInput
          className="sessions__user-filter"
          type="search"
          aria-label="User"
          placeholder="Email or username"
          allowClear
          value={filters.user}
          onChange={(user) => setFilters({ user })}
        />
      </div>
      {query.isError ? <Alert type="error" showIcon title={errorMessage(query.error)} className="sessions__error" /> : null}
      <PagedTable<StaffSession>
        rows={reply?.sessions ?? []}
        columns={columns}
        rowKey="id"
        loading={query.isFetching}
        emptyText="No signed-in staff sessions"
        page={page}
        pageSize={pageSize}
        total={reply?.total_items ?? 0}
        onPaging={setPaging}
      />
    </div>
  );
}
