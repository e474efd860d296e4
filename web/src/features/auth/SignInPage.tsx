import { useState } from 'react';
import { LightButton } from '../../components/LightButton';
import { AuthCard } from './AuthCard';
import { RegisterPanel } from './RegisterPanel';
import { ResetPanel } from './ResetPanel';
import { SignInFlow } from './SignInFlow';
import type { SignInPrefetch } from './signInPrefetch';

type Panel = 'login' | 'register' | 'reset';

const SUBTITLES: Record<Panel, string> = {
  login: 'Sign in',
  register: 'Create an account',
  reset: 'Reset your password',
};

/** /login: one page, three switchable panels (login, register, reset). */
export default function SignInPage({ prefetch }: { prefetch?: SignInPrefetch }) {
  const [panel, setPanel] = useState<Panel>('login');
  const [step, setStep] = useState<'credentials' | 'code'>('credentials');

  if (panel === 'register') {
    return (
      <AuthCard subtitle={SUBTITLES.register}>
        <RegisterPanel onLogin={() => setPanel('login')} />
      </AuthCard>
    );
  }
  if (panel === 'reset') {
    return (
      <AuthCard subtitle={SUBTITLES.reset}>
        <ResetPanel onLogin={() => setPanel('login')} />
      </AuthCard>
    );
  }
  return (
    <AuthCard subtitle={step === 'code' ? 'Two-step verification' : SUBTITLES.login}>
      <SignInFlow identifierLabel="Email" onStepChange={setStep} prefetch={prefetch}>
        <LightButton variant="link" block onClick={() => setPanel('reset')}>
          Forgot your password? Rest it
        </LightButton>
        <LightButton block size="large" onClick={() => setPanel('register')}>
          Create Account
        </LightButton>
      </SignInFlow>
    </AuthCard>
  );
}
