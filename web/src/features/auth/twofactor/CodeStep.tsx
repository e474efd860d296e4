import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useRef, useState } from 'react';
import { Field } from '../../../components/Field';
import { LightButton } from '../../../components/LightButton';
import { fieldMessageId } from '../../../components/fieldMessageId';
import { errorMessage, isApiError } from '../../../lib/api';
import { verifyGoogleAuthenticator } from '../authApi';
import { CODE_INCOMPLETE, CODE_LENGTH } from './code';
import { CodeInput } from './CodeInput';

/** The text the sign-in code step shows for a wrong code (lower-case i, as the product has it). */
export const LOGIN_INVALID_CODE = 'invalid Code';

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

/** Sign-in step two when Google Authenticator is on: the 6-digit code, sent by itself at the 6th digit. */
export function CodeStep({ pendingToken, onVerified, onExpired, onCancel }: CodeStepProps) {
  const [code, setCode] = useState('');
  const [incomplete, setIncomplete] = useState(false);
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

  const submit = (value: string) => {
    if (value.length !== CODE_LENGTH || verify.isPending) return;
    verify.mutate(value);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setIncomplete(code.length !== CODE_LENGTH);
    submit(code);
  };

  let problem: string | undefined;
  if (incomplete) problem = CODE_INCOMPLETE;
  if (verify.isError) {
    problem =
      isApiError(verify.error) && verify.error.status === 400 ? LOGIN_INVALID_CODE : errorMessage(verify.error);
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
          }}
          onComplete={submit}
          invalid={Boolean(problem)}
          describedBy={problem ? fieldMessageId('signin-code') : undefined}
          readOnly={verify.isPending}
          autoFocus
        />
      </Field>
      {/* Never disabled: a pale button read as busy after a wrong code. An incomplete code is said on submit. */}
      <LightButton variant="primary" type="submit" block size="large" loading={verify.isPending}>
        Verify
      </LightButton>
      <LightButton variant="link" block onClick={onCancel} disabled={verify.isPending}>
        Back to sign-in
      </LightButton>
    </form>
  );
}
