import { KeyOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, Popconfirm, Space } from 'antd';
import { useState } from 'react';
import { FormError } from '../../components/FormError';
import { errorMessage } from '../../lib/api';
import { formatDateTimeUtc } from '../../lib/dateDisplay';
import {
  deletePasskey,
  type Passkey,
  passkeyErrorMessage,
  passkeysQuery,
  passkeysSupported,
  registerPasskey,
} from '../../lib/passkeys';
import { toast } from '../../lib/toast';
import { useSession } from '../session/SessionContext';

export const PASSKEY_ADDED = 'Passkey added. You can use it to sign in and to confirm changes.';
export const PASSKEY_REMOVED = 'Passkey removed.';
const NAME_MAX = 64;

/**
 * Passkeys: the account's passkeys (name, added, last used) with Remove, and a form that names and adds one
 * through the browser's own prompt. Adding and removing ask for a fresh second factor (the step-up prompt).
 */
export function PasskeysCard() {
  const { user } = useSession();
  const enabled = user?.isGoogleAuthenticatorEnabled ?? false;
  const list = useQuery({ ...passkeysQuery, enabled });
  let body;
  if (!enabled) {
    body = <p className="security__card-note">Passkeys are a second factor beside an authenticator: set one up first.</p>;
  } else {
    body = (
      <>
        <p className="security__card-note">
          A passkey signs you in with this device's screen lock or a security key, and cannot be phished: it works
          only on this site.
        </p>
        {list.isError ? <FormError title={`Your passkeys could not be loaded: ${errorMessage(list.error)}`} /> : null}
        {list.isPending ? <p className="security__card-note">Loading your passkeys…</p> : null}
        {list.data && list.data.passkeys.length === 0 ? <p className="security__card-note">No passkeys yet.</p> : null}
        {list.data?.passkeys.length ? (
          <ul className="passkeys" aria-label="Your passkeys">
            {list.data.passkeys.map((passkey) => (
              <PasskeyItem key={passkey.id} passkey={passkey} />
            ))}
          </ul>
        ) : null}
        {passkeysSupported() ? (
          <AddPasskeyForm count={list.data?.passkeys.length ?? 0} />
        ) : (
          <p className="security__card-note">
            This browser does not offer passkeys here: they need a secure address (https, or localhost).
          </p>
        )}
      </>
    );
  }
  return (
    <Card title="Passkeys" className="security__card" role="region" aria-label="Passkeys">
      {body}
    </Card>
  );
}

/** One passkey, with Remove after a confirmation. */
function PasskeyItem({ passkey }: { passkey: Passkey }) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => deletePasskey(passkey.id),
    onSuccess: () => toast.success(PASSKEY_REMOVED),
    onError: (error) => toast.error(errorMessage(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeysQuery.queryKey }),
  });
  const used = passkey.last_used_at ? `last used ${formatDateTimeUtc(passkey.last_used_at)}` : 'never used';
  return (
    <li className="passkeys__item">
      <KeyOutlined aria-hidden className="passkeys__icon" />
      <div className="passkeys__text">
        <div className="passkeys__name">{passkey.name}</div>
        <div className="passkeys__when">{`Added ${formatDateTimeUtc(passkey.created_at)}, ${used}`}</div>
      </div>
      <Popconfirm
        title={`Remove the passkey "${passkey.name}"?`}
        description="It will no longer sign you in."
        okText="Remove"
        okButtonProps={{ danger: true }}
        cancelText="Cancel"
        onConfirm={() => remove.mutateAsync().catch(() => undefined)}
      >
        <Button size="small" danger loading={remove.isPending} aria-label={`Remove the passkey ${passkey.name}`}>
          Remove
        </Button>
      </Popconfirm>
    </li>
  );
}

/** Names a new passkey and adds it: the browser asks for the device's screen lock or a security key. */
function AddPasskeyForm({ count }: { count: number }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [missing, setMissing] = useState(false);
  const add = useMutation({
    mutationFn: (value: string) => registerPasskey(value),
    onSuccess: () => {
      toast.success(PASSKEY_ADDED);
      setName('');
      void queryClient.invalidateQueries({ queryKey: passkeysQuery.queryKey });
    },
  });
  const submit = () => {
    const value = name.trim();
    setMissing(!value);
    if (value && !add.isPending) add.mutate(value);
  };
  return (
    <Form layout="vertical" className="security__form" onFinish={submit} aria-label="Add a passkey">
      <Form.Item
        label="Passkey name"
        htmlFor="passkey-name"
        validateStatus={missing ? 'error' : undefined}
        help={missing ? <span role="alert">Give the passkey a name, such as the device it is on.</span> : undefined}
      >
        <Space.Compact className="full-width">
          <Input
            id="passkey-name"
            value={name}
            maxLength={NAME_MAX}
            placeholder={count ? 'Security key' : 'Work laptop'}
            onChange={(event) => {
              setName(event.target.value);
              setMissing(false);
              if (add.isError) add.reset();
            }}
            aria-invalid={missing || undefined}
          />
          <Button type="primary" htmlType="submit" icon={<KeyOutlined />} loading={add.isPending}>
            Add a passkey
          </Button>
        </Space.Compact>
      </Form.Item>
      {add.isError ? <FormError title={passkeyErrorMessage(add.error)} /> : null}
    </Form>
  );
}
