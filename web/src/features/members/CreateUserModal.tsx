import { SaveError } from '../../components/SaveError';
import { useMutation } from '@tanstack/react-query';
import { Form, Input, Modal, Select } from 'antd';
import { showFieldErrors } from '../../lib/formErrors';
import { useCan } from '../session/useCan';
import { Permission } from '../../lib/permissions';
import { useRoles } from '../roles/roleQueries';
import { isFailure, whenSentForApproval } from '../../lib/sentForApproval';
import { isApiError } from '../../lib/api';
import { ActiveSelect } from './ActiveSelect';
import { canCreateUser } from './createUserRules';
import type { MemberListKind } from './listKinds';
import { createUser } from './membersApi';
import type { NewUser } from './types';
import { useInvalidateUsers } from './useInvalidateUsers';
import { toast } from '../../lib/toast';

export const USER_CREATED = 'User Has Been Created';

interface CreateUserValues {
  full_name: string;
  username: string;
  email: string;
  password: string;
  confirm: string;
  enabled: boolean;
  /** Members only: the permission role they start with (none: set it later with Change role). */
  role_id?: number;
}

/** The server's field names (errors[].field) on this form's fields: a refusal shows at its field. */
const SERVER_FIELDS = {
  full_name: 'full_name',
  username: 'username',
  email: 'email',
  password: 'password',
  enabled: 'enabled',
  role_id: 'role_id',
} as const;

const REQUIRED = [{ required: true, message: 'Required' }];

interface CreateUserModalProps {
  open: boolean;
  kind: MemberListKind;
  onClose: () => void;
}

/** "Create User" / "Create Member": every field required (starred); Create waits for a matching confirmation. */
export function CreateUserModal({ open, kind, onClose }: CreateUserModalProps) {
  const [form] = Form.useForm<CreateUserValues>();
  const password = Form.useWatch('password', form);
  const confirm = Form.useWatch('confirm', form);
  const invalidateUsers = useInvalidateUsers();
  // Giving a role is Change role's permission, whichever screen does it (the server checks the same).
  const canGiveRole = useCan(Permission.ADD_USER_ROLE) && kind.staff;
  const roles = useRoles(open && canGiveRole);

  const create = useMutation({
    mutationFn: (user: NewUser) => createUser(user),
    onSuccess: () => {
      toast.success(USER_CREATED);
      void invalidateUsers();
      onClose();
    },
    onError: (error) => {
      whenSentForApproval(onClose)(error);
      showFieldErrors(form, error, SERVER_FIELDS);
    },
  });
  // A refusal placed at its fields needs no banner as well; any other failure shows above the form.
  const atFields = isApiError(create.error) && create.error.errors.some((e) => e.field in SERVER_FIELDS);

  const close = () => {
    create.reset();
    onClose();
  };

  const submit = ({ confirm: _confirm, ...values }: CreateUserValues) => {
    create.mutate({ ...values, role_id: values.role_id ?? null, roles: kind.newUserRoles });
  };

  return (
    <Modal
      open={open}
      title={kind.createLabel}
      okText="Create"
      okButtonProps={{ htmlType: 'submit', disabled: !canCreateUser(password, confirm), loading: create.isPending }}
      onCancel={close}
      afterClose={() => create.reset()}
      destroyOnHidden
      modalRender={(dom) => (
        <Form<CreateUserValues>
          form={form}
          name="create-user"
          layout="vertical"
          initialValues={{ enabled: true }}
          clearOnDestroy
          onFinish={submit}
        >
          {dom}
        </Form>
      )}
    >
      {/* A 400 shows its first field error (errors[0].message), anything else its message. */}
      {isFailure(create.error) && !atFields ? <SaveError error={create.error} /> : null}
      <Form.Item label="Display Name" name="full_name" rules={REQUIRED}>
        <Input autoComplete="off" autoFocus />
      </Form.Item>
      <Form.Item label="Username" name="username" rules={REQUIRED}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item label="Email" name="email" rules={REQUIRED}>
        <Input inputMode="email" autoComplete="off" />
      </Form.Item>
      <PasswordFields password={password} confirm={confirm} />
      <Form.Item label="Status" name="enabled" rules={REQUIRED}>
        <ActiveSelect />
      </Form.Item>
      {canGiveRole ? <RoleField loading={roles.isPending} roles={roles.data} /> : null}
    </Modal>
  );
}

/** The password, twice: a confirmation that differs says so under it. */
function PasswordFields({ password, confirm }: { password?: string; confirm?: string }) {
  const mismatch = Boolean(confirm) && confirm !== password;
  return (
    <>
      <Form.Item label="Password" name="password" rules={REQUIRED}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        label="Confirm Password"
        name="confirm"
        dependencies={['password']}
        rules={REQUIRED}
        help={mismatch ? 'The passwords do not match.' : undefined}
        validateStatus={mismatch ? 'error' : undefined}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}

/** The new user's role, optional. */
function RoleField({ loading, roles }: { loading: boolean; roles?: readonly { id: number; role: string }[] }) {
  return (
    <Form.Item label="Role" name="role_id">
      <Select<number>
        allowClear
        loading={loading}
        placeholder="No role yet"
        options={roles?.map((role) => ({ value: role.id, label: role.role }))}
        showSearch={{ optionFilterProp: 'label' }}
      />
    </Form.Item>
  );
}
