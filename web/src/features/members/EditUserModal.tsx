import { SaveError } from '../../components/SaveError';
import { useMutation } from '@tanstack/react-query';
import { Form, Input, Modal } from 'antd';
import { CoreState } from '../../components/CoreState';
import { isFailure, whenSentForApproval } from '../../lib/sentForApproval';
import { isApiError } from '../../lib/api';
import { useSession } from '../session/SessionContext';
import { ActiveSelect } from './ActiveSelect';
import { type EditorValues, needsEditorCode } from './editorCode';
import { editUser } from './membersApi';
import type { AdminUser, UserEdit } from './types';
import { useInvalidateUsers } from './useInvalidateUsers';
import { toast } from '../../lib/toast';

export const USER_EDITED = 'User Has Been Edited';

type EditValues = EditorValues;

const CODE_RULES = [{ required: true, pattern: /^\d{6}$/, message: 'Enter the 6-digit code from your authenticator app.' }];


const REQUIRED = [{ required: true, message: 'Required' }];

/** Under a 2FA selector whose method is off: this screen can only switch a method off. */
const ALREADY_OFF = 'Already off: it can only be switched off here.';

function initialValues(user: AdminUser): EditValues {
  return {
    email: user.email,
    full_name: user.full_name,
    username: user.username,
    enabled: user.enabled,
    isGoogleAuthenticatorEnabled: user.isGoogleAuthenticatorEnabled,
    isSMS2FaEnabled: user.isSMS2FaEnabled,
    phone_number: user.phone_number ?? '',
  };
}

/** A failed edit shows the message and, when it says more, the first field error. */
function EditError({ error }: { error: unknown }) {
  if (!isApiError(error)) return <SaveError error={error} />;
  const first = error.errors[0]?.message;
  return <SaveError error={error} title={error.message} description={first && first !== error.message ? first : undefined} />;
}

interface EditUserModalProps {
  /** The user being edited; null: closed. */
  user: AdminUser | null;
  onClose: () => void;
}

/**
 * "User Information": email and status required; the two 2FA methods can only be switched off here, so their
 * selectors are disabled while the method is already off.
 */
export function EditUserModal({ user, onClose }: EditUserModalProps) {
  const session = useSession();
  const [form] = Form.useForm<EditValues>();
  const invalidateUsers = useInvalidateUsers();
  const watched = Form.useWatch([], form) as Partial<EditValues> | undefined;
  const needsCode = needsEditorCode(user, session.user?.id, watched ?? {});

  const edit = useMutation({
    mutationFn: ({ id, values }: { id: number; values: UserEdit }) => editUser(id, values),
    onSuccess: (_saved, { id }) => {
      toast.success(USER_EDITED);
      void invalidateUsers();
      if (id === session.user?.id) void session.refresh();
      onClose();
    },
    onError: whenSentForApproval(onClose),
  });

  const submit = (values: EditValues) => {
    if (!user) return;
    const { code, ...rest } = values;
    const sent: UserEdit = { ...rest, phone_number: values.phone_number?.trim() ?? '' };
    if (needsEditorCode(user, session.user?.id, values) && code) sent.code = code;
    edit.mutate({ id: user.id, values: sent });
  };

  return (
    <Modal
      open={user !== null}
      title="User Information"
      okText="Save"
      okButtonProps={{ htmlType: 'submit', loading: edit.isPending }}
      onCancel={onClose}
      afterClose={() => edit.reset()}
      destroyOnHidden
      modalRender={(dom) => (
        <Form<EditValues>
          form={form}
          name="edit-user"
          layout="vertical"
          initialValues={user ? initialValues(user) : undefined}
          clearOnDestroy
          onFinish={submit}
        >
          {dom}
        </Form>
      )}
    >
      {isFailure(edit.error) ? <EditError error={edit.error} /> : null}
      {user?.core ? (
        <p className="edit-user__core">
          The last change at the exchange core: <CoreState core={user.core} />
        </p>
      ) : null}
      <Form.Item label="Email" name="email" rules={REQUIRED}>
        <Input inputMode="email" autoComplete="off" autoFocus />
      </Form.Item>
      <Form.Item label="Full Name" name="full_name">
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item label="Username" name="username">
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item label="Phone Number" name="phone_number">
        <Input type="tel" autoComplete="off" />
      </Form.Item>
      <Form.Item label="Status" name="enabled" rules={REQUIRED}>
        <ActiveSelect />
      </Form.Item>
      <SecondFactorFields gaOn={Boolean(user?.isGoogleAuthenticatorEnabled)} smsOn={Boolean(user?.isSMS2FaEnabled)} />
      {needsCode ? <EditorCodeField /> : null}
    </Modal>
  );
}

/** The two second factors: each can only be switched off, so an off one cannot be changed. */
function SecondFactorFields({ gaOn, smsOn }: { gaOn: boolean; smsOn: boolean }) {
  return (
    <>
      <Form.Item label="Google Authenticator" name="isGoogleAuthenticatorEnabled" extra={gaOn ? undefined : ALREADY_OFF}>
        <ActiveSelect disabled={!gaOn} />
      </Form.Item>
      <Form.Item label="SMS 2FA" name="isSMS2FaEnabled" extra={smsOn ? undefined : ALREADY_OFF}>
        <ActiveSelect disabled={!smsOn} />
      </Form.Item>
    </>
  );
}

/** The editor's own authenticator code, asked for a takeover-sensitive change of another staff member. */
function EditorCodeField() {
  return (
    <Form.Item
      label="Your authenticator code"
      name="code"
      rules={CODE_RULES}
      extra="Another staff member's email or second factor: confirm with the current code of your own authenticator app."
    >
      <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
    </Form.Item>
  );
}
