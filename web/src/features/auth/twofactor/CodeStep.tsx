import { useMutation } from '@tanstack/react-query';
import type { FormEvent, Ref } from 'react';
import { useRef, useState } from 'react';
import { Field } from '../../../components/Field';
import { LightButton } from '../../../components/LightButton';
import { TextInput } from '../../../components/TextInput';
import { fieldMessageId } from '../../../components/fieldMessageId';
import { errorMessage, isApiError } from '../../../lib/api';
import { passkeyErrorMessage, passkeysSupported, signInWithPasskey } from '../../../lib/passkeys';
import { verifyGoogleAuthenticator } from '../authApi';
import { CODE_INCOMPLETE, CODE_LENGTH } from './code';
import { CodeInput } from './CodeInput';

/** The text the sign-in code step shows for a wrong code (lower-case i, as the product has it). */
export const LOGIN_INVALID_CODE = 'invalid Code';

/** What the step says of a recovery code refused (wrong, or used already). */
export const RECOVERY_CODE_REFUSED = 'That recovery code is not valid, or was used already.';

/** A recovery code as issued: 16 letters and digits in four groups (dashes, spaces and case do not matter). */
const RECOVERY_CODE = /^[A-Za-z0-9]{4}([- ]?[A-Za-z0-9]{4}){3}$/;

interface CodeStepProps {
  /** The pending token from the login reply (kept in memory only). */
  pendingToken: string;
  /** The code was right: `token` is the new full token. */
  onVerified: (token: string) => void;
  /** The pending sign-in is gone (too many wrong codes, or too old): back to the credentials. */
  onExpired: () => void;
  /** The user gave up: back to the credentials. */
  onCancel: () => void;
}

/**
 * Sign-in step two when Google Authenticator is on: the 6-digit code, sent by itself at the 6th digit, a passkey
 * of the account (where the browser offers passkeys), or (the phone lost) one of the account's recovery codes.
 */
export function CodeStep({ pendingToken, onVerified, onExpired, onCancel }: CodeStepProps) {
  const [code, setCode] = useState('');
  const [incomplete, setIncomplete] = useState(false);
  const [recovery, setRecovery] = useState(false);
  const [recoveryCode, setRecoveryCode] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);

  const verify = useMutation({
    mutationFn: (value: string) => verifyGoogleAuthenticator(value, '', { token: pendingToken }),
    onSuccess: onVerified,
    onError: (error) => {
      if (isApiError(error) && error.status === 401) {
        onExpired();
        return;
      }
      // Let the user type over the wrong code at once.
      inputRef.current?.focus();
      inputRef.current?.select();
    },
  });

  const passkey = useMutation({
    mutationFn: () => signInWithPasskey(pendingToken),
    onSuccess: onVerified,
    onError: (error) => {
      if (isApiError(error) && error.status === 401) onExpired();
    },
  });
  const busy = verify.isPending || passkey.isPending;

  const submit = (value: string) => {
    if (value.length !== CODE_LENGTH || busy) return;
    passkey.reset();
    verify.mutate(value);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (recovery) {
      const value = recoveryCode.trim();
      setIncomplete(!RECOVERY_CODE.test(value));
      if (RECOVERY_CODE.test(value) && !verify.isPending) verify.mutate(value);
      return;
    }
    setIncomplete(code.length !== CODE_LENGTH);
    submit(code);
  };

  const switchTo = (useRecovery: boolean) => {
    setRecovery(useRecovery);
    setIncomplete(false);
    verify.reset();
  };

  let problem: string | undefined;
  if (incomplete) problem = recovery ? 'Enter a recovery code as XXXX-XXXX-XXXX-XXXX.' : CODE_INCOMPLETE;
  if (verify.isError) {
    const refused = recovery ? RECOVERY_CODE_REFUSED : LOGIN_INVALID_CODE;
    problem = isApiError(verify.error) && verify.error.status === 400 ? refused : errorMessage(verify.error);
  }
  if (passkey.isError) problem = passkeyErrorMessage(passkey.error);

  if (recovery) {
    return (
      <RecoveryCodeForm
        value={recoveryCode}
        onChange={(value) => {
          setRecoveryCode(value);
          setIncomplete(false);
          if (verify.isError) verify.reset();
        }}
        problem={problem}
        pending={verify.isPending}
        inputRef={inputRef}
        onSubmit={onSubmit}
        onBack={() => switchTo(false)}
      />
    );
  }

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate aria-label="Two-step verification">
      <p className="auth-form__intro">Enter the 6-digit code from Google Authenticator.</p>
      <Field id="signin-code" label="Code" error={problem}>
        <CodeInput
          id="signin-code"
          inputRef={inputRef}
          value={code}
          onChange={(value) => {
            setCode(value);
            setIncomplete(false);
            if (verify.isError) verify.reset();
            if (passkey.isError) passkey.reset();
          }}
          onComplete={submit}
          invalid={Boolean(problem)}
          describedBy={problem ? fieldMessageId('signin-code') : undefined}
          readOnly={busy}
          autoFocus
        />
      </Field>
      {/* Never disabled: a pale button read as busy after a wrong code. An incomplete code is said on submit. */}
      <LightButton variant="primary" type="submit" block size="large" loading={verify.isPending}>
        Verify
      </LightButton>
      {passkeysSupported() && (
        <LightButton
          block
          size="large"
          loading={passkey.isPending}
          disabled={verify.isPending}
          onClick={() => {
            verify.reset();
            setIncomplete(false);
            passkey.mutate();
          }}
        >
          Use a passkey
        </LightButton>
      )}
      <LightButton variant="link" block onClick={() => switchTo(true)} disabled={busy}>
        Use a recovery code
      </LightButton>
      <LightButton variant="link" block onClick={onCancel} disabled={busy}>
        Back to sign-in
      </LightButton>
    </form>
  );
}

interface RecoveryCodeFormProps {
  value: string;
  onChange: (value: string) => void;
  problem: string | undefined;
  pending: boolean;
  inputRef: Ref<HTMLInputElement>;
  onSubmit: (event: FormEvent) => void;
  onBack: () => void;
}

/** The code step with a recovery code in place of the authenticator's. */
function RecoveryCodeForm({ value, onChange, problem, pending, inputRef, onSubmit, onBack }: RecoveryCodeFormProps) {
  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate aria-label="Two-step verification">
      <p className="auth-form__intro">Enter one of your recovery codes. Each works once.</p>
      <Field id="signin-recovery-code" label="Recovery code" error={problem}>
        <TextInput
          id="signin-recovery-code"
          ref={inputRef}
          size="large"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          autoComplete="off"
          placeholder="XXXX-XXXX-XXXX-XXXX"
          status={problem ? 'error' : undefined}
          aria-invalid={Boolean(problem)}
          aria-describedby={problem ? fieldMessageId('signin-recovery-code') : undefined}
          readOnly={pending}
          autoFocus
        />
      </Field>
      <LightButton variant="primary" type="submit" block size="large" loading={pending}>
        Verify
      </LightButton>
      <LightButton variant="link" block onClick={onBack} disabled={pending}>
        Use the authenticator code
      </LightButton>
    </form>
  );
}
