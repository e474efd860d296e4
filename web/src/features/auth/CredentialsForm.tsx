import { useMutation } from '@tanstack/react-query';
import type { FormEvent, ReactNode } from 'react';
import { useState } from 'react';
import { Field } from '../../components/Field';
import { LightButton } from '../../components/LightButton';
import { Notice } from '../../components/Notice';
import { errorMessage, isApiError } from '../../lib/api';
import { login } from './authApi';
import type { SignInToken } from './authApi';
import { Captcha } from './captcha/Captcha';
import type { CaptchaCost } from './captcha/captchaChallenge';
import { canLogIn, LOGIN_PASSWORD_MIN } from './rules';
import { PasswordInput, TextInput } from '../../components/TextInput';

interface CredentialsFormProps {
  /** 'Username' on /admin/login, 'Email' on /login (the server takes either). */
  identifierLabel: 'Username' | 'Email';
  /** A message to show above the form (e.g. why the user is back here). */
  notice?: string | null;
  onSignedIn: (result: SignInToken) => void;
  /** Links or buttons under the Login button. */
  children?: ReactNode;
}

/**
 * Sign-in step one: identifier, password and the captcha. The Login button appears only once the captcha is
 * solved, and stays disabled while the password is shorter than 5 characters. After any failed attempt the
 * captcha has to be solved again (the server accepts each challenge once); when the server answers that the
 * account needs the longer check, every later captcha of this form asks for it.
 */
export function CredentialsForm({ identifierLabel, notice, onSignedIn, children }: CredentialsFormProps) {
  const [identifier, setIdentifier] = useState('');
  const [password, setPassword] = useState('');
  const [captchaPayload, setCaptchaPayload] = useState<string | null>(null);
  const [captchaRound, setCaptchaRound] = useState(0);
  const [captchaCost, setCaptchaCost] = useState<CaptchaCost>('usual');

  const signIn = useMutation({
    mutationFn: login,
    onSuccess: onSignedIn,
    onError: (error) => {
      // The account has had many failed sign-ins lately: the server wants the longer check from now on.
      if (isApiError(error) && error.errors[0]?.field === 'captcha_token') setCaptchaCost('high');
      setCaptchaPayload(null);
      setCaptchaRound((round) => round + 1);
    },
  });

  const ready = canLogIn({ identifier, password, captchaSolved: captchaPayload !== null });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready || !captchaPayload || signIn.isPending) return;
    signIn.mutate({ username: identifier.trim(), password, captcha_token: captchaPayload });
  };

  const isEmail = identifierLabel === 'Email';
  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate aria-label="Sign in">
      {notice && !signIn.isError ? <Notice type="info" title={notice} /> : null}
      {signIn.isError ? <Notice type="error" title={errorMessage(signIn.error)} /> : null}
      <Field id="signin-identifier" label={identifierLabel}>
        <TextInput
          id="signin-identifier"
          value={identifier}
          onChange={(event) => setIdentifier(event.target.value)}
          type={isEmail ? 'email' : 'text'}
          autoComplete={isEmail ? 'email' : 'username'}
          size="large"
          autoFocus
        />
      </Field>
      <Field id="signin-password" label="Password">
        <PasswordInput
          id="signin-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          autoComplete="current-password"
          size="large"
        />
      </Field>
      <Captcha key={captchaRound} onChange={setCaptchaPayload} cost={captchaCost} />
      {captchaPayload ? (
        <LightButton
          variant="primary"
          type="submit"
          block
          size="large"
          loading={signIn.isPending}
          disabled={!ready}
          title={password.length < LOGIN_PASSWORD_MIN ? `At least ${LOGIN_PASSWORD_MIN} characters of password` : undefined}
        >
          Login
        </LightButton>
      ) : (
        <p className="auth-form__hint">Tick “I'm not a robot” to show the Login button.</p>
      )}
      {children}
    </form>
  );
}
