import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Tag } from 'antd';
import { useState } from 'react';
import { FormError } from '../../components/FormError';
import { errorMessage } from '../../lib/api';
import { useSession } from '../session/SessionContext';
import { showFieldErrors } from '../../lib/formErrors';
import { switchOffGoogleAuthenticator } from './securityApi';

export const AUTHENTICATOR_RESET =
  'Google Authenticator is off and every session of yours has ended, this one too. Sign in again to set up your new authenticator.';

interface ResetValues {
  password: string;
  code: string;
}

/** The form's fields under the server's names. */
const SERVER_FIELDS = { password: 'password', code: 'code' } as const;

/**
 * Switches Google Authenticator off (password and a current code), which ends every session; the next sign-in sets
 * a new authenticator up. For a lost or replaced phone, before the old one is gone.
 */
function ResetForm({ onCancel, onDone }: { onCancel: () => void; onDone: () => void }) {
  const [form] = Form.useForm<ResetValues>();
  const [formError, setFormError] = useState<string | null>(null);
  const reset = useMutation({
    mutationFn: ({ password, code }: ResetValues) => switchOffGoogleAuthenticator(password, code.trim()),
    onMutate: () => setFormError(null),
    onSuccess: onDone,
    onError: (error) => {
      if (!showFieldErrors(form, error, SERVER_FIELDS)) setFormError(errorMessage(error));
    },
  });
  return (
    <Form<ResetValues>
      form={form}
      name="reset-authenticator"
      layout="vertical"
      className="security__form"
      requiredMark={false}
      onFinish={(values) => reset.mutate(values)}
    >
      <Alert
        type="warning"
        showIcon
        className="security__result"
        title="This signs you out everywhere, here too. At your next sign-in you scan a new QR code."
      />
      {formError ? <FormError title={formError} /> : null}
      <Form.Item label="Password" name="password" rules={[{ required: true, message: 'Enter your password.' }]}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item
        label="Code from your authenticator app"
        name="code"
        rules={[{ required: true, pattern: /^\s*\d{6}\s*$/, message: 'Enter the 6-digit code.' }]}
      >
        <Input inputMode="numeric" autoComplete="one-time-code" maxLength={8} />
      </Form.Item>
      <div className="security__status">
        <Button type="primary" danger htmlType="submit" loading={reset.isPending}>
          Reset and sign out
        </Button>
        <Button onClick={onCancel}>Cancel</Button>
      </div>
    </Form>
  );
}

/**
 * Google Authenticator: its status (staff sign in with it, so it is on), and a reset that switches it off and ends
 * every session, so that the next sign-in sets up a new one.
 */
export function GoogleAuthenticatorCard() {
  const { user, signOut } = useSession();
  const [resetting, setResetting] = useState(false);
  const [done, setDone] = useState(false);
  const enabled = user?.isGoogleAuthenticatorEnabled ?? false;

  let body;
  if (done) {
    body = (
      <>
        <Alert type="success" showIcon title={AUTHENTICATOR_RESET} className="security__result" />
        <Button type="primary" onClick={() => void signOut()}>
          Sign in again
        </Button>
      </>
    );
  } else if (resetting) {
    body = <ResetForm onCancel={() => setResetting(false)} onDone={() => setDone(true)} />;
  } else {
    body = (
      <>
        <p className="security__card-note">
          {enabled
            ? 'Each sign-in asks for a code from the authenticator app on your phone.'
            : 'No authenticator is set up: the next sign-in asks you to set one up.'}
        </p>
        {enabled ? (
          <Button onClick={() => setResetting(true)}>
            Reset Google Authenticator
          </Button>
        ) : null}
      </>
    );
  }

  return (
    <Card title="Google Authenticator" className="security__card" role="region" aria-label="Google Authenticator">
      <div className="security__status">
        <span>Status:</span>
        {enabled ? <Tag color="green">On</Tag> : <Tag color="red">Off</Tag>}
      </div>
      {body}
    </Card>
  );
}
