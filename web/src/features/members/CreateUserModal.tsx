import { SaveError } from '../../components/SaveError';
import { useMutation } from '@tanstack/react-query';
import { Form, Input, Modal } from 'antd';
import { isFailure, whenSentForApproval } from '../../lib/sentForApproval';
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
}

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

  const create = useMutation({
    mutationFn: (user: NewUser) => createUser(user),
    onSuccess: () => {
      toast.success(USER_CREATED);
      void invalidateUsers();
      onClose();
    },
    onError: whenSentForApproval(onClose),
  });

  const close = () => {
    create.reset();
    onClose();
  };

  const submit = ({ confirm: _confirm, ...values }: CreateUserValues) => {
    create.mutate({ ...values, roles: kind.newUserRoles });
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
      {isFailure(create.error) ? <SaveError error={create.error} /> : null}
      <Form.Item label="Display Name" name="full_name" rules={REQUIRED}>
        <Input autoComplete="off" autoFocus />
      </Form.Item>
      <Form.Item label="Username" name="username" rules={REQUIRED}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item label="Email" name="email" rules={REQUIRED}>
        <Input inputMode="email" autoComplete="off" />
      </Form.Item>
      <Form.Item label="Password" name="password" rules={REQUIRED}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        label="Confirm Password"
        name="confirm"
        dependencies={['password']}
        rules={REQUIRED}
        help={confirm && confirm !== password ? 'The passwords do not match.' : undefined}
        validateStatus={confirm && confirm !== password ? 'error' : undefined}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item label="Status" name="enabled" rules={REQUIRED}>
        <ActiveSelect />
      </Form.Item>
    </Modal>
  );
}
