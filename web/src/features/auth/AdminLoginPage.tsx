import { useState } from 'react';
import { AuthCard } from './AuthCard';
import { SignInFlow } from './SignInFlow';
import type { SignInPrefetch } from './signInPrefetch';

/** /admin/login: the staff sign-in (username, password, captcha; then the Google Authenticator code). */
export default function AdminLoginPage({ prefetch }: { prefetch?: SignInPrefetch }) {
  const [step, setStep] = useState<'credentials' | 'code'>('credentials');
  return (
    <AuthCard subtitle={step === 'code' ? 'Two-step verification' : 'Staff sign-in'}>
      <SignInFlow identifierLabel="Username" onStepChange={setStep} prefetch={prefetch} />
    </AuthCard>
  );
}
