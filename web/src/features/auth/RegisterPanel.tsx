import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useState } from 'react';
import { ConfirmPasswordField } from '../../components/ConfirmPasswordField';
import { Field } from '../../components/Field';
import { LightButton } from '../../components/LightButton';
import { Notice } from '../../components/Notice';
import { fieldMessageId } from '../../components/fieldMessageId';
import { toast } from '../../lib/toast';
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
  const finish = useFinishSignIn();
  const [values, setValues] = useState<RegisterValues>(EMPTY);
  const set = <K extends keyof RegisterValues>(key: K, value: RegisterValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const create = useMutation({
    mutationFn: register,
    onSuccess: (token) => {
      toast.success('Your account has been created.');
      finish(token);
    },
  });

  const ready = canRegister(values);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready || create.isPending) return;
    create.mutate({ ...values, email: values.email.trim(), referralId: values.referralId.trim() });
  };

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate aria-label="Register">
      {create.isError ? <Notice type="error" title={registerErrorMessage(create.error)} /> : null}
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
      <PasswordFields
        password={values.password}
        confirmPassword={values.confirmPassword}
        onPassword={(value) => set('password', value)}
        onConfirm={(value) => set('confirmPassword', value)}
      />
      <Field id="register-referral" label="Referral ID" help="Optional: the invitation code of who invited you.">
        <TextInput
          id="register-referral"
          value={values.referralId}
          onChange={(event) => set('referralId', event.target.value)}
          autoComplete="off"
          aria-describedby={fieldMessageId('register-referral')}
        />
      </Field>
      <label className="light-checkbox">
        <input
          type="checkbox"
          checked={values.acceptTerms}
          onChange={(event) => set('acceptTerms', event.target.checked)}
        />
        <span>I agree to the terms and conditions</span>
      </label>
      <LightButton variant="primary" type="submit" block size="large" disabled={!ready} loading={create.isPending}>
        Register
      </LightButton>
      <LightButton block size="large" onClick={onLogin}>
        Login
      </LightButton>
    </form>
  );
}

interface PasswordFieldsProps {
  password: string;
  confirmPassword: string;
  onPassword: (value: string) => void;
  onConfirm: (value: string) => void;
}

/** The password and its confirmation: a confirmation that differs says so. */
function PasswordFields({ password, confirmPassword, onPassword, onConfirm }: PasswordFieldsProps) {
  return (
    <>
      <Field id="register-password" label="Password" help={`At least ${REGISTER_PASSWORD_MIN} characters.`}>
        <PasswordInput
          id="register-password"
          value={password}
          onChange={(event) => onPassword(event.target.value)}
          autoComplete="new-password"
          aria-describedby={fieldMessageId('register-password')}
        />
      </Field>
      <ConfirmPasswordField
        id="register-confirm"
        label="Confirm Password"
        password={password}
        value={confirmPassword}
        onChange={onConfirm}
      />
    </>
  );
}
