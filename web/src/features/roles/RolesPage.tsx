import { PlusOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { Permission } from '../../lib/permissions';
import { Can } from '../session/Can';
import { RoleEditorModal } from './RoleEditorModal';
import { useRoles } from './roleQueries';
import { RolesTable } from './RolesTable';
import type { Role } from './types';
import { useDeleteRole } from './useDeleteRole';
import './roles.css';

/** `/roles`: the permission roles (first 100), Create New Role, Modify, Remove. */
export default function RolesPage() {
  const roles = useRoles();
  const confirmDelete = useDeleteRole();
  const [editorOpen, setEditorOpen] = useState(false);
  // The role being modified (null: a new one); kept while the modal closes.
  const [editedRole, setEditedRole] = useState<Role | null>(null);
  const openEditor = (role: Role | null) => {
    setEditedRole(role);
    setEditorOpen(true);
  };

  return (
    <div className="roles">
      <div className="roles__toolbar">
        <Can rule={Permission.CREATE_ROLE}>
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => openEditor(null)}>
            Create New Role
          </Button>
        </Can>
      </div>

      {roles.isError ? (
        <Alert
          className="roles__error"
          type="error"
          showIcon
          title="The roles could not be loaded."
          description={errorMessage(roles.error)}
          action={
            <Button size="small" onClick={() => void roles.refetch()}>
              Try again
            </Button>
          }
        />
      ) : null}

      <RolesTable roles={roles.data ?? []} loading={roles.isFetching} onModify={openEditor} onRemove={confirmDelete} />

      <RoleEditorModal open={editorOpen} role={editedRole} onClose={() => setEditorOpen(false)} />
    </div>
  );
}
