import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';
import { useState } from 'react';
import { DebouncedInput } from '../../components/DebouncedInput';
import { ListPager } from '../../components/ListPager';
import { errorMessage } from '../../lib/api';
import { enumParam, textParam } from '../../lib/listParams';
import { Permission } from '../../lib/permissions';
import type { ListSpec } from '../../lib/useListState';
import { useListState } from '../../lib/useListState';
import { Can } from '../session/Can';
import { CopyEmailsButton } from './CopyEmailsButton';
import { CreateUserModal } from './CreateUserModal';
import { EditUserModal } from './EditUserModal';
import type { MemberListKind } from './listKinds';
import { RemoveSelectedButton } from './RemoveSelectedButton';
import { SelectionBar } from './SelectionBar';
import { CHANGE_ROLE, SetRoleModal } from './SetRoleModal';
import type { AdminUser } from './types';
import type { UserFlags } from './UserFilters';
import { UserFilters } from './UserFilters';
import { useUsersPage } from './userQueries';
import { UsersTable } from './UsersTable';
import './memberList.css';

const FLAG = ['true', 'false'] as const;

/** The search text and the yes-or-no filters in the URL, under the list call's names. */
const MEMBER_LIST: ListSpec<{ q: string } & UserFlags> = {
  params: {
    q: textParam('q'),
    enabled: enumParam('enabled', FLAG),
    email_verified: enumParam('email_verified', FLAG),
    second_factor: enumParam('second_factor', FLAG),
  },
  defaults: () => ({ q: '' }),
};

/** Selected rows, for one page of one search: another page or search starts with nothing selected. */
interface Selection {
  listKey: string;
  ids: number[];
}

/**
 * The member list: `/members` (staff) and `/usermanagement` (customers) differ only by `kind`.
 */
export function MemberListScreen({ kind }: { kind: MemberListKind }) {
  const { filters, page, pageSize, setFilters, setPaging } = useListState(MEMBER_LIST);
  const { q, enabled, email_verified, second_factor } = filters;
  const flags: UserFlags = { enabled, email_verified, second_factor };
  const filtered = q !== '' || Object.values(flags).some((v) => v !== undefined);

  const users = useUsersPage({ page, maxPerPage: pageSize, q, ...kind.listFilter, ...flags });
  const rows = users.data?.users ?? [];

  const listKey = `${q}|${enabled}|${email_verified}|${second_factor}|${page}|${pageSize}`;
  const [selection, setSelection] = useState<Selection>({ listKey, ids: [] });
  const selectedIds = selection.listKey === listKey ? selection.ids.filter((id) => rows.some((u) => u.id === id)) : [];
  const select = (ids: number[]) => setSelection({ listKey, ids });

  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [settingRole, setSettingRole] = useState(false);

  return (
    <div className="member-list">
      <div className="member-list__toolbar">
        <div className="member-list__filters">
          <DebouncedInput
            className="member-list__search"
            type="search"
            aria-label={`Search ${kind.plural}`}
            placeholder="Search by name, username or email"
            prefix={<SearchOutlined aria-hidden />}
            allowClear
            value={q}
            onChange={(text) => setFilters({ q: text })}
          />
          <UserFilters flags={flags} onChange={setFilters} />
        </div>
        <Can rule={Permission.CREATE_USER}>
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setCreating(true)}>
            {kind.createLabel}
          </Button>
        </Can>
      </div>

      <SelectionBar
        rowCount={rows.length}
        selectedCount={selectedIds.length}
        onSelectAll={() => select(rows.map((u) => u.id))}
        onUnselectAll={() => select([])}
      >
        {kind.staff ? (
          <StaffActions selectedIds={selectedIds} onRemoved={() => select([])} onSetRole={() => setSettingRole(true)} />
        ) : (
          <CopyEmailsButton emails={rows.filter((u) => selectedIds.includes(u.id)).map((u) => u.email)} />
        )}
      </SelectionBar>

      {users.isError ? (
        <LoadError plural={kind.plural} error={users.error} onRetry={() => void users.refetch()} />
      ) : null}

      <UsersTable
        users={rows}
        loading={users.isFetching}
        staff={kind.staff}
        emptyText={filtered ? `No ${kind.plural} match these filters.` : `No ${kind.plural} yet.`}
        selection={{ selectedIds, onSelect: select }}
        onEdit={setEditing}
      />

      <ListPager
        page={page}
        pageSize={pageSize}
        total={users.data?.total_items}
        onChange={setPaging}
      />

      <CreateUserModal open={creating} kind={kind} onClose={() => setCreating(false)} />
      <EditUserModal user={editing} onClose={() => setEditing(null)} />
      {kind.staff ? (
        <SetRoleModal
          open={settingRole}
          userIds={selectedIds}
          onClose={() => setSettingRole(false)}
          onDone={() => select([])}
        />
      ) : null}
    </div>
  );
}

/** The staff list's actions on the selected rows: remove from their role, or change it. */
function StaffActions({
  selectedIds,
  onRemoved,
  onSetRole,
}: {
  selectedIds: number[];
  onRemoved: () => void;
  onSetRole: () => void;
}) {
  return (
    <>
      <Can rule={Permission.REMOVE_USER_ROLE_ADMIN}>
        <RemoveSelectedButton userIds={selectedIds} onDone={onRemoved} />
      </Can>
      <Can rule={Permission.ADD_USER_ROLE}>
        <Button disabled={selectedIds.length === 0} onClick={onSetRole}>
          {CHANGE_ROLE}
        </Button>
      </Can>
    </>
  );
}

/** The list could not be loaded: the reason, and a way to try again. */
function LoadError({ plural, error, onRetry }: { plural: string; error: unknown; onRetry: () => void }) {
  return (
    <Alert
      className="member-list__error"
      type="error"
      showIcon
      title={`The ${plural} could not be loaded.`}
      description={errorMessage(error)}
      action={
        <Button size="small" onClick={onRetry}>
          Try again
        </Button>
      }
    />
  );
}
