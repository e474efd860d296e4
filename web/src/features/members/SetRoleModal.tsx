import { SaveError } from '../../components/SaveError';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Form, Modal, Select } from 'antd';
import { useState } from 'react';
import { FormError } from '../../components/FormError';
import { errorMessage } from '../../lib/api';
import { roleKeys, useRoles } from '../roles/roleQueries';
import { setUsersRole } from './membersApi';
import { useInvalidateUsers } from './useInvalidateUsers';
import { toast } from '../../lib/toast';
import { isFailure, whenSentForApproval } from '../../lib/sentForApproval';

export const ROLE_SET = 'Role has been set';
/** The action's name: its button and its dialog's title. */
export const CHANGE_ROLE = 'Change role';

interface SetRoleModalProps {
  open: boolean;
  /** The selected members. */
  userIds: number[];
  onClose: () => void;
  /** After the role was set (the screen clears its selection). */
  onDone: () => void;
}

/** "Change role": pick a permission role (GET roles) and Set Role for the selected members. */
export function SetRoleModal({ open, userIds, onClose, onDone }: SetRoleModalProps) {
  const queryClient = useQueryClient();
  const invalidateUsers = useInvalidateUsers();
  const roles = useRoles(open);
  const [roleId, setRoleId] = useState<number | undefined>(undefined);

  const setRole = useMutation({
    mutationFn: (id: number) => setUsersRole(id, userIds),
    onSuccess: () => {
      toast.success(ROLE_SET);
      void invalidateUsers();
      void queryClient.invalidateQueries({ queryKey: roleKeys.all });
      onDone();
      onClose();
    },
    onError: whenSentForApproval(() => {
      onDone();
      onClose();
    }),
  });

  const submit = () => {
    if (roleId !== undefined) setRole.mutate(roleId);
  };

  return (
    <Modal
      open={open}
      title={CHANGE_ROLE}
      okText="Set Role"
      okButtonProps={{ htmlType: 'submit', disabled: roleId === undefined || userIds.length === 0, loading: setRole.isPending }}
      onCancel={onClose}
      afterClose={() => {
        setRoleId(undefined);
        setRole.reset();
      }}
      destroyOnHidden
      modalRender={(dom) => (
        <Form name="set-role" layout="vertical" onFinish={submit}>
          {dom}
        </Form>
      )}
    >
      {isFailure(setRole.error) ? <SaveError error={setRole.error} /> : null}
      {roles.isError ? <FormError title={`The roles could not be loaded: ${errorMessage(roles.error)}`} /> : null}
      <p>
        {userIds.length === 1 ? '1 member selected.' : `${userIds.length} members selected.`}
      </p>
      <Form.Item label="Role" htmlFor="set-role-role" required>
        <Select<number>
          id="set-role-role"
          value={roleId}
          onChange={setRoleId}
          loading={roles.isPending}
          placeholder="Choose a role"
          options={roles.data?.map((role) => ({ value: role.id, label: role.role }))}
          showSearch={{ optionFilterProp: 'label' }}
          autoFocus
        />
      </Form.Item>
    </Modal>
  );
}
