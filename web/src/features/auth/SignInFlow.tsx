import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { toast } from '../../lib/toast';
import { logoutCall } from '../session/sessionApi';
import { CredentialsForm } from './CredentialsForm';
import type { SignInPrefetch } from './signInPrefetch';
import { CodeStep } from './twofactor/CodeStep';
import { useFinishSignIn } from './useFinishSignIn';

interface SignInFlowProps {
  identifierLabel: 'Username' | 'Email';
  /** Under the Login button (the /login panel's links). */
  children?: ReactNode;
  /** Called when the step changes (the page may hide things during the code step). */
  onStepChange?: (step: 'credentials' | 'code') => void;
  /** Loads the signed-in app ahead (given by the app). */
  prefetch?: SignInPrefetch;
}

export const CODE_STEP_EXPIRED =
  'Too many wrong codes, or the sign-in took too long. Please sign in again.';

/**
 * Credentials, then (Google Authenticator on) the code. The login reply's token tells which way:
 * - a *pending* token stays in memory for the code step; the right code brings a full token;
 * - a *setup* token is stored at once: the app then shows the Google Authenticator set-up.
 */
export function SignInFlow({ identifierLabel, children, onStepChange, prefetch }: SignInFlowProps) {
  const queryClient = useQueryClient();
  const finish = useFinishSignIn();
  const [pendingToken, setPendingToken] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const backToCredentials = (why: string | null) => {
    setPendingToken(null);
    setNotice(why);
    onStepChange?.('credentials');
  };

  if (pendingToken) {
    return (
      <CodeStep
        pendingToken={pendingToken}
        onVerified={(token) => {
          toast.success('Signed in.');
          finish(token);
          prefetch?.afterSignIn(queryClient);
        }}
        onExpired={() => backToCredentials(CODE_STEP_EXPIRED)}
        onCancel={() => {
          // Revoke the half-done sign-in; nothing to wait for.
          logoutCall(pendingToken).catch(() => undefined);
          backToCredentials(null);
        }}
      />
    );
  }

  return (
    <CredentialsForm
      identifierLabel={identifierLabel}
      notice={notice}
      onSignedIn={(result) => {
        if (result.kind === 'pending') {
          prefetch?.atCodeStep();
          setNotice(null);
          setPendingToken(result.token);
          onStepChange?.('code');
        } else {
          finish(result.token);
        }
      }}
    >
      {children}
    </CredentialsForm>
  );
}
