import { createContext, useContext } from 'react';
import type { CurrentUser } from './types';

/**
 * - `loading`: the current-user check runs (the app shows the full-page spinner);
 * - `signedOut`: no stored token, or the check said it signs nobody in (the token was removed);
 * - `signedIn`: `user` is set (it may still need the Google Authenticator set-up, or hold no permission);
 * - `error`: the check could not be made (server unreachable, 5xx); the token is kept and `retry` tries again.
 */
export type SessionStatus = 'loading' | 'signedOut' | 'signedIn' | 'error';

export interface Session {
  status: SessionStatus;
  user: CurrentUser | null;
  error: unknown;
  /** Stores a (setup or full) token and checks it: status goes to `loading`, then `signedIn`. */
  signIn: (token: string) => void;
  /** `POST /api/logout`, then removes the stored token and reloads the page (both even if the call fails). */
  signOut: () => Promise<void>;
  /** Reloads the current user (e.g. after the user changed their own data). */
  refresh: () => Promise<void>;
  /** Repeats a current-user check that failed (status `error`). */
  retry: () => void;
}

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}
