import { useMutation } from '@tanstack/react-query';
import type { FormEvent, Ref, RefObject } from 'react';
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
  const { verify, passkey, busy, submit } = useCodeCalls(pendingToken, onVerified, onExpired, inputRef);

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

  // A code edited: what was said of the last one no longer holds.
  const edited = () => {
    setIncomplete(false);
    if (verify.isError) verify.reset();
  };
  const switchTo = (useRecovery: boolean) => {
    setRecovery(useRecovery);
    setIncomplete(false);
    verify.reset();
  };

  const problem = codeProblem(incomplete, recovery, verify.error, passkey.error);

  if (recovery) {
    return (
      <RecoveryCodeForm
        value={recoveryCode}
        onChange={(value) => {
          setRecoveryCode(value);
          edited();
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
      <CodeField
        value={code}
        problem={problem}
        busy={busy}
        inputRef={inputRef}
        onComplete={submit}
        onChange={(value) => {
          setCode(value);
          edited();
          if (passkey.isError) passkey.reset();
        }}
      />
      {/* Never disabled: a pale button read as busy after a wrong code. An incomplete code is said on submit. */}
      <LightButton variant="primary" type="submit" block size="large" loading={verify.isPending}>
        Verify
      </LightButton>
      <OtherWays
        passkeyPending={passkey.isPending}
        verifying={verify.isPending}
        onPasskey={() => {
          verify.reset();
          setIncomplete(false);
          passkey.mutate();
        }}
        onRecovery={() => switchTo(true)}
        onCancel={onCancel}
      />
    </form>
  );
}

/**
 * The calls of the code step: the code (or a recovery code) and a passkey. A 401 means the sign-in is gone.
 * `submit` sends a whole authenticator code unless a call is under way.
 */
function useCodeCalls(
  pendingToken: string,
  onVerified: (token: string) => void,
  onExpired: () => void,
  inputRef: RefObject<HTMLInputElement | null>,
) {
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
  return { verify, passkey, busy, submit };
}

/** What the step says under the field: an incomplete code, a refused one, or a passkey's failure. */
function codeProblem(incomplete: boolean, recovery: boolean, verifyError: Error | null, passkeyError: Error | null) {
  let problem: string | undefined;
  if (incomplete) problem = recovery ? 'Enter a recovery code as XXXX-XXXX-XXXX-XXXX.' : CODE_INCOMPLETE;
  if (verifyError) {
    const refused = recovery ? RECOVERY_CODE_REFUSED : LOGIN_INVALID_CODE;
    problem = isApiError(verifyError) && verifyError.status === 400 ? refused : errorMessage(verifyError);
  }
  if (passkeyError) problem = passkeyErrorMessage(passkeyError);
  return problem;
}

interface OtherWaysProps {
  passkeyPending: boolean;
  verifying: boolean;
  onPasskey: () => void;
  onRecovery: () => void;
  onCancel: () => void;
}

/** The other ways out of the code step: a passkey, a recovery code, or back to the credentials. */
function OtherWays({ passkeyPending, verifying, onPasskey, onRecovery, onCancel }: OtherWaysProps) {
  const busy = verifying || passkeyPending;
  return (
    <>
      {passkeysSupported() && (
        <LightButton block size="large" loading={passkeyPending} disabled={verifying} onClick={onPasskey}>
          Use a passkey
        </LightButton>
      )}
      <LightButton variant="link" block onClick={onRecovery} disabled={busy}>
        Use a recovery code
      </LightButton>
      <LightButton variant="link" block onClick={onCancel} disabled={busy}>
        Back to sign-in
      </LightButton>
    </>
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

interface CodeFieldProps {
  value: string;
  problem: string | undefined;
  busy: boolean;
  inputRef: RefObject<HTMLInputElement | null>;
  onChange: (value: string) => void;
  onComplete: (value: string) => void;
}

/** The 6-digit code field, sent by itself at the 6th digit. */
function CodeField({ value, problem, busy, inputRef, onChange, onComplete }: CodeFieldProps) {
  return (
    <Field id="signin-code" label="Code" error={problem}>
      <CodeInput
        id="signin-code"
        inputRef={inputRef}
        value={value}
        onChange={onChange}
        onComplete={onComplete}
        invalid={Boolean(problem)}
        describedBy={problem ? fieldMessageId('signin-code') : undefined}
        readOnly={busy}
        autoFocus
      />
    </Field>
  );
}
