import { useMutation } from '@tanstack/react-query';
import { Alert, App, Button, Checkbox } from 'antd';
import type { FormEvent } from 'react';
import { useState } from 'react';
import { Field } from '../../components/Field';
import { fieldMessageId } from '../../components/fieldMessageId';
import { register, registerErrorMessage } from './authApi';
import type { RegisterValues } from './rules';
import { canRegister, REGISTER_EMAIL_MIN, REGISTER_PASSWORD_MIN } from './rules';
import { useFinishSignIn } from './useFinishSignIn';
import { PasswordInput, TextInput } from '../../components/TextInput';

const EMPTY: RegisterValues = {
  fullName: '',
  email: '',
  password: '',
  confirmPassword: '',
  referralId: '',
  acceptTerms: false,
};

/** The Register panel of /login. Success (201) signs the new account in: the set-up screen follows. */
export function RegisterPanel({ onLogin }: { onLogin: () => void }) {
  const { message } = App.useApp();
  const finish = useFinishSignIn();
  const [values, setValues] = useState<RegisterValues>(EMPTY);
  const set = <K extends keyof RegisterValues>(key: K, value: RegisterValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const create = useMutation({
    mutationFn: register,
    onSuccess: (token) => {
      void message.success('Your account has been created.');
      finish(token);
    },
  });

  const ready = canRegister(values);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready || create.isPending) return;
    create.mutate({ ...values, email: values.email.trim(), referralId: values.referralId.trim() });
  };

  const mismatch = values.confirmPassword !== '' && values.confirmPassword !== values.password;
  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate aria-label="Register">
      {create.isError ? <Alert type="error" showIcon title={registerErrorMessage(create.error)} /> : null}
      <Field id="register-name" label="Name">
        <TextInput
          id="register-name"
          value={values.fullName}
          onChange={(event) => set('fullName', event.target.value)}
          autoComplete="name"
          autoFocus
        />
      </Field>
      <Field id="register-email" label="Email" help={`At least ${REGISTER_EMAIL_MIN} characters.`}>
        <TextInput
          id="register-email"
          type="email"
          value={values.email}
          onChange={(event) => set('email', event.target.value)}
          autoComplete="email"
          aria-describedby={fieldMessageId('register-email')}
        />
      </Field>
      <Field id="register-password" label="Password" help={`At least ${REGISTER_PASSWORD_MIN} characters.`}>
        <PasswordInput
          id="register-password"
          value={values.password}
          onChange={(event) => set('password', event.target.value)}
          autoComplete="new-password"
          aria-describedby={fieldMessageId('register-password')}
        />
      </Field>
      <Field
        id="register-confirm"
        label="Confirm Password"
        error={mismatch ? 'The two passwords differ.' : undefined}
      >
        <PasswordInput
          id="register-confirm"
          value={values.confirmPassword}
          onChange={(event) => set('confirmPassword', event.target.value)}
          autoComplete="new-password"
          status={mismatch ? 'error' : undefined}
          aria-invalid={mismatch || undefined}
          aria-describedby={mismatch ? fieldMessageId('register-confirm') : undefined}
        />
      </Field>
      <Field id="register-referral" label="Referral ID" help="Optional: the invitation code of who invited you.">
        <TextInput
          id="register-referral"
          value={values.referralId}
          onChange={(event) => set('referralId', event.target.value)}
          autoComplete="off"
          aria-describedby={fieldMessageId('register-referral')}
        />
      </Field>
      <Checkbox checked={values.acceptTerms} onChange={(event) => set('acceptTerms', event.target.checked)}>
        I agree to the terms and conditions
      </Checkbox>
      <Button type="primary" htmlType="submit" block size="large" disabled={!ready} loading={create.isPending}>
        Register
      </Button>
      <Button block size="large" onClick={onLogin}>
        Login
      </Button>
    </form>
  );
}
