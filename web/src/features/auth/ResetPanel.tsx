import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useState } from 'react';
import { Field } from '../../components/Field';
import { LightButton } from '../../components/LightButton';
import { Notice } from '../../components/Notice';
import { errorMessage } from '../../lib/api';
import { requestPasswordReset } from './authApi';
import { TextInput } from '../../components/TextInput';

export const RESET_SENT =
  'If an account exists for this email, we have sent a link to reset the password.';

/** The Reset panel of /login: asks for a reset link (the server answers 202 whether the account exists or not). */
export function ResetPanel({ onLogin }: { onLogin: () => void }) {
  const [email, setEmail] = useState('');
  const reset = useMutation({ mutationFn: requestPasswordReset });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (email.trim() === '' || reset.isPending) return;
    reset.mutate(email.trim());
  };

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate aria-label="Reset">
      {reset.isSuccess ? <Notice type="success" title={RESET_SENT} /> : null}
      {reset.isError ? <Notice type="error" title={errorMessage(reset.error)} /> : null}
      <Field id="reset-email" label="Email">
        <TextInput
          id="reset-email"
          type="email"
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            if (!reset.isIdle) reset.reset();
          }}
          autoComplete="email"
          autoFocus
        />
      </Field>
      <LightButton
        variant="primary"
        type="submit"
        block
        size="large"
        disabled={email.trim() === ''}
        loading={reset.isPending}
      >
        Reset
      </LightButton>
      <LightButton block size="large" onClick={onLogin}>
        Login
      </LightButton>
    </form>
  );
}
