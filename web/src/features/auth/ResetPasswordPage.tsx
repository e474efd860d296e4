import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ConfirmPasswordField } from '../../components/ConfirmPasswordField';
import { Field } from '../../components/Field';
import { LightButton } from '../../components/LightButton';
import { Notice } from '../../components/Notice';
import { fieldMessageId } from '../../components/fieldMessageId';
import { errorMessage } from '../../lib/api';
import { confirmPasswordReset } from './authApi';
import { AuthCard } from './AuthCard';
import { NEW_PASSWORD_MIN } from './rules';
import { NEW_PASSWORD_HELP } from '../../lib/passwordPolicy';
import { PasswordInput } from '../../components/TextInput';

export const RESET_DONE = 'Your password has been changed. You can sign in with it now.';

/** /reset-password?token=…: the page the reset e-mail links to. */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const change = useMutation({ mutationFn: () => confirmPasswordReset(token, password) });

  const ready = password.length >= NEW_PASSWORD_MIN && confirm === password;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready || change.isPending) return;
    change.mutate();
  };

  const signInLink = (
    <Link className="auth-form__link" to="/admin/login">
      Go to sign-in
    </Link>
  );

  if (!token) {
    return (
      <AuthCard subtitle="Choose a new password">
        <div className="auth-form">
          <Notice type="error" title="This link is not valid. Ask for a new one from the sign-in page." />
          {signInLink}
        </div>
      </AuthCard>
    );
  }

  if (change.isSuccess) {
    return (
      <AuthCard subtitle="Choose a new password">
        <div className="auth-form">
          <Notice type="success" title={RESET_DONE} />
          {signInLink}
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard subtitle="Choose a new password">
      <form className="auth-form" onSubmit={onSubmit} noValidate aria-label="Password change">
        {change.isError ? <Notice type="error" title={errorMessage(change.error)} /> : null}
        <Field
          id="new-password"
          label="New password"
          help={NEW_PASSWORD_HELP}
        >
          <PasswordInput
            id="new-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            autoComplete="new-password"
            aria-describedby={fieldMessageId('new-password')}
            size="large"
            autoFocus
          />
        </Field>
        <ConfirmPasswordField
          id="new-password-confirm"
          label="Confirm new password"
          password={password}
          value={confirm}
          onChange={setConfirm}
          size="large"
        />
        <LightButton variant="primary" type="submit" block size="large" disabled={!ready} loading={change.isPending}>
          Change password
        </LightButton>
        {signInLink}
      </form>
    </AuthCard>
  );
}
