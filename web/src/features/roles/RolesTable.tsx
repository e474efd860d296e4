import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import { Permission } from '../../lib/permissions';
import { useSession } from '../session/SessionContext';
import { useCan } from '../session/useCan';
import { beyondReachReason, keysBeyond } from './roleRules';
import type { Role } from './types';

interface RolesTableProps {
  roles: Role[];
  loading: boolean;
  onModify: (role: Role) => void;
  onRemove: (role: Role) => void;
}

/**
 * Role and Description, with the Modify (ADMIN_EDIT_ROLE) and Remove (ADMIN_REMOVE_ROLE) columns. Both buttons are
 * disabled, saying why, on a role holding a permission the viewer lacks (roleRules.keysBeyond).
 */
export function RolesTable({ roles, loading, onModify, onRemove }: RolesTableProps) {
  const canModify = useCan(Permission.EDIT_ROLE);
  const canRemove = useCan(Permission.REMOVE_ROLE);
  const viewer = useSession().user?.permissions;
  const beyondReach = (role: Role) => beyondReachReason(keysBeyond(viewer, role.permissions));
  const columns: TableColumnsType<Role> = [
    { key: 'role', title: 'Role', dataIndex: 'role' },
    { key: 'description', title: 'Description', dataIndex: 'description' },
  ];
  if (canModify) {
    columns.push({
      key: 'modify',
      title: 'Modify',
      align: 'center',
      render: (_, role) => {
        const reason = beyondReach(role);
        return (
          <Button
            icon={<EditOutlined />}
            aria-label={`Modify ${role.role}`}
            disabled={reason !== undefined}
            title={reason}
            onClick={() => onModify(role)}
          >
            Modify
          </Button>
        );
      },
    });
  }
  if (canRemove) {
    columns.push({
      key: 'remove',
      title: 'Remove',
      align: 'center',
      render: (_, role) => {
        const reason = role.builtin ? 'The built-in role cannot be removed.' : beyondReach(role);
        return (
          <Button
            danger
            icon={<DeleteOutlined />}
            aria-label={`Remove ${role.role}`}
            disabled={reason !== undefined}
            title={reason}
            onClick={() => onRemove(role)}
          >
            Remove
          </Button>
        );
      },
    });
  }
  return (
    <Table<Role>
      rowKey="id"
      size="middle"
      dataSource={roles}
      columns={columns}
      loading={loading}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: 'No roles yet.' }}
    />
  );
}
