import { EditOutlined } from '@ant-design/icons';
import { Button, Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { formatDateTime, utcTitle } from '../../lib/dateDisplay';
import { Permission } from '../../lib/permissions';
import { useCan } from '../session/useCan';
import type { AdminUser } from './types';

function twoFactorTags(user: AdminUser) {
  if (!user.isGoogleAuthenticatorEnabled && !user.isSMS2FaEnabled) return <Tag>Off</Tag>;
  return (
    <>
      {user.isGoogleAuthenticatorEnabled ? <Tag color="blue">Google Authenticator</Tag> : null}
      {user.isSMS2FaEnabled ? <Tag color="blue">SMS</Tag> : null}
    </>
  );
}

interface ColumnOptions {
  staff: boolean;
  canShowUser: boolean;
  canEdit: boolean;
  onEdit: (user: AdminUser) => void;
}

function userColumns({ staff, canShowUser, canEdit, onEdit }: ColumnOptions): TableColumnsType<AdminUser> {
  const columns: TableColumnsType<AdminUser> = [
    { key: 'full_name', title: 'Full Name', dataIndex: 'full_name' },
    {
      key: 'email',
      title: 'Email',
      // Profiles open only with ADMIN_SHOW_USER; otherwise the address is plain text.
      render: (_, user) => (canShowUser ? <Link to={`/userprofile/${user.id}`}>{user.email}</Link> : user.email),
    },
  ];
  if (staff) columns.push({ key: 'role', title: 'Roles', render: (_, user) => user.role ?? '—' });
  columns.push(
    {
      key: 'email_verified',
      title: 'Email Verified',
      render: (_, user) => (user.email_verified ? <Tag color="green">Yes</Tag> : <Tag>No</Tag>),
    },
    { key: 'twofa', title: '2FA', render: (_, user) => twoFactorTags(user) },
    {
      key: 'enabled',
      title: 'Status',
      render: (_, user) => (user.enabled ? <Tag color="green">Active</Tag> : <Tag color="red">Inactive</Tag>),
    },
    { key: 'lastLogin', title: utcTitle('Last Login'), render: (_, user) => formatDateTime(user.lastLogin) },
  );
  if (canEdit) {
    columns.push({
      key: 'edit',
      title: 'Edit',
      align: 'center',
      render: (_, user) => (
        <Button type="text" icon={<EditOutlined />} aria-label={`Edit ${user.email}`} onClick={() => onEdit(user)} />
      ),
    });
  }
  return columns;
}

interface UsersTableProps {
  users: AdminUser[];
  loading: boolean;
  staff: boolean;
  emptyText: string;
  /** A checkbox per row (the selection is the page's). Absent: no checkboxes. */
  selection?: { selectedIds: number[]; onSelect: (ids: number[]) => void };
  onEdit: (user: AdminUser) => void;
}

/** The member list's table: one page of users, with a checkbox per row where the screen acts on a selection. */
export function UsersTable({ users, loading, staff, emptyText, selection, onEdit }: UsersTableProps) {
  const canShowUser = useCan(Permission.SHOW_USER);
  const canEdit = useCan(Permission.EDIT_USER);
  const wrapper = useRef<HTMLDivElement>(null);
  // Ant Design measures column widths in a hidden row that copies the headers, the select-all checkbox included:
  // a focusable control inside aria-hidden. Marked inert, the copy is out of the tab order and the accessibility tree.
  useEffect(() => {
    wrapper.current?.querySelectorAll('.ant-table-measure-row').forEach((row) => row.setAttribute('inert', ''));
  });
  return (
    <div ref={wrapper}>
      <Table<AdminUser>
        rowKey="id"
        size="middle"
        dataSource={users}
        columns={userColumns({ staff, canShowUser, canEdit, onEdit })}
        loading={loading}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText }}
        rowSelection={
          selection && {
            selectedRowKeys: selection.selectedIds,
            onChange: (keys) => selection.onSelect(keys.map(Number)),
            getCheckboxProps: (user) => ({ 'aria-label': `Select ${user.email}` }),
          }
        }
      />
    </div>
  );
}
