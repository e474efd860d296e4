import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Typography } from 'antd';
import { QrCode } from '../../../components/QrCode';
import type { FormEvent } from 'react';
import { useRef, useState } from 'react';
import { PageSpinner } from '../../../components/PageSpinner';
import { Field } from '../../../components/Field';
import { fieldMessageId } from '../../../components/fieldMessageId';
import { errorMessage, isApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useSession } from '../../session/SessionContext';
import { fetchGoogleAuthenticatorSetup, verifyGoogleAuthenticator } from '../authApi';
import { SETUP_PASSWORD_MIN } from '../rules';
import { useFinishSignIn } from '../useFinishSignIn';
import { CODE_INCOMPLETE, CODE_LENGTH } from './code';
import { CodeInput } from './CodeInput';
import { PasswordInput } from '../../../components/TextInput';

/** The text the set-up screen shows for a wrong code (the code field is cleared). */
export const SETUP_INVALID_CODE = 'Invalid Code';

/**
 * "Set up Google Authenticator": forced on every route for a signed-in user whose Google Authenticator is off
 * (the login gave a *setup* token). QR and secret from `GET /api/user/2fa/googleAuthenticator`; the password
 * and the code go to `POST /api/2fa/googleAuthenticator`, which answers with a full token.
 */
export default function TwoFactorSetupScreen() {
  const { signOut } = useSession();
  const setup = useQuery({
    queryKey: ['session', 'googleAuthenticatorSetup'],
    queryFn: ({ signal }) => fetchGoogleAuthenticatorSetup({ signal }),
    staleTime: Infinity,
  });
  const form = useSetupForm();
  const { password, code, passwordError, codeError, codeRef, verify, submit, onSubmit, otherError } = form;

  return (
    <main className="auth-page">
      <Card className="setup-card" title={<h1 className="setup-card__title">Set up Google Authenticator</h1>}>
        {setup.isPending ? <PageSpinner label="Loading the set-up" /> : null}
        {setup.isError ? <SetupLoadError error={setup.error} onRetry={() => void setup.refetch()} /> : null}
        {setup.data ? (
          <form className="auth-form" onSubmit={onSubmit} noValidate aria-label="Set up Google Authenticator">
            <p className="auth-form__intro">
              Your account needs two-step verification. Scan the QR code with Google Authenticator (or type the
              secret in it), then enter your password and the 6-digit code it shows.
            </p>
            <SetupSecret otpauthUrl={setup.data.otpauth_url} account={setup.data.account} secret={setup.data.secret} />
            {otherError ? <Alert type="error" showIcon title={otherError} /> : null}
            <Field
              id="setup-password"
              label="Password"
              error={passwordError}
              help={`Your sign-in password (at least ${SETUP_PASSWORD_MIN} characters).`}
            >
              <PasswordInput
                id="setup-password"
                value={password}
                onChange={(event) => form.changePassword(event.target.value)}
                autoComplete="current-password"
                status={passwordError ? 'error' : undefined}
                aria-invalid={passwordError ? true : undefined}
                aria-describedby={fieldMessageId('setup-password')}
                size="large"
                autoFocus
              />
            </Field>
            <Field id="setup-code" label="Code" error={codeError}>
              <CodeInput
                id="setup-code"
                inputRef={codeRef}
                value={code}
                onChange={form.changeCode}
                onComplete={submit}
                disabled={!form.passwordLongEnough}
                readOnly={verify.isPending}
                invalid={Boolean(codeError)}
                describedBy={codeError ? fieldMessageId('setup-code') : undefined}
              />
            </Field>
            {/* Never disabled: a pale button read as busy after a wrong code. What is missing is said on submit. */}
            <Button type="primary" htmlType="submit" block size="large" loading={verify.isPending}>
              Verify
            </Button>
            <Button type="link" block onClick={() => void signOut()}>
              Sign out
            </Button>
          </form>
        ) : null}
      </Card>
    </main>
  );
}

/** The state of the set-up form: the password and the code, their errors, and the call that checks them. */
function useSetupForm() {
  const finish = useFinishSignIn();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  const codeRef = useRef<HTMLInputElement>(null);

  const verify = useMutation({
    mutationFn: (value: string) => verifyGoogleAuthenticator(value, password),
    onSuccess: (token) => {
      toast.success('Google Authenticator is on.');
      finish(token);
    },
    onError: (error) => {
      if (!isApiError(error) || error.status !== 400) return;
      if (error.errors[0]?.field === 'password') {
        setPasswordError(error.firstErrorMessage());
        return;
      }
      setCodeError(SETUP_INVALID_CODE);
      setCode('');
      codeRef.current?.focus();
    },
  });

  const passwordLongEnough = password.length >= SETUP_PASSWORD_MIN;
  const submit = (value: string) => {
    if (!passwordLongEnough || value.length !== CODE_LENGTH || verify.isPending) return;
    setPasswordError(null);
    setCodeError(null);
    verify.mutate(value);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!passwordLongEnough) setPasswordError(`At least ${SETUP_PASSWORD_MIN} characters.`);
    else if (code.length !== CODE_LENGTH) setCodeError(CODE_INCOMPLETE);
    submit(code);
  };

  // A failure other than a wrong code or password (e.g. 429, 5xx) shows above the form.
  const otherError =
    verify.isError && !(isApiError(verify.error) && verify.error.status === 400) ? errorMessage(verify.error) : null;
  const changePassword = (value: string) => {
    setPassword(value);
    setPasswordError(null);
  };
  const changeCode = (value: string) => {
    setCode(value);
    setCodeError(null);
  };
  return {
    password,
    code,
    passwordError,
    codeError,
    codeRef,
    verify,
    passwordLongEnough,
    submit,
    onSubmit,
    otherError,
    changePassword,
    changeCode,
  };
}

/** The set-up could not be loaded: the reason, and a way to try again. */
function SetupLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Alert
      type="error"
      showIcon
      title={errorMessage(error)}
      action={
        <Button size="small" onClick={onRetry}>
          Try again
        </Button>
      }
    />
  );
}

/** The QR code to scan, and the secret to type in by hand (copyable). */
function SetupSecret({ otpauthUrl, account, secret }: { otpauthUrl: string; account: string; secret: string }) {
  return (
    <>
      <div className="setup-card__qr">
        <QrCode value={otpauthUrl} size={176} label="QR code to scan with Google Authenticator" />
      </div>
      <div className="setup-card__secret">
        <span className="setup-card__secret-label">Secret ({account})</span>
        <Typography.Text copyable={{ text: secret }}>
          <code data-testid="ga-secret">{secret}</code>
        </Typography.Text>
      </div>
    </>
  );
}
