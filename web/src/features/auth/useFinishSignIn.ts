import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../session/SessionContext';

/**
 * Stores a token that signs in (a setup token, or a full one after the code) and goes to '/': the session
 * loads the user, then the app shows the Google Authenticator set-up, Access Denied or the dashboard.
 */
export function useFinishSignIn(): (token: string) => void {
  const { signIn } = useSession();
  const navigate = useNavigate();
  return useCallback(
    (token: string) => {
      // Both updates land in one render: the sign-in routes never see '/' while signed out.
      signIn(token);
      void navigate('/', { replace: true });
    },
    [signIn, navigate],
  );
}
