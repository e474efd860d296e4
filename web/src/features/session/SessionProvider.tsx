import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { clearToken, getToken, isApiError, setToken } from '../../lib/api';
import { reloadPage } from '../../lib/reloadPage';
import { toast } from '../../lib/toast';
import type { Session, SessionStatus } from './SessionContext';
import { SessionContext } from './SessionContext';
import { currentUserQueryKey, fetchCurrentUser, logoutCall } from './sessionApi';

/** The current-user check of the `generation`-th sign-in of this page. */
function currentUserQuery(generation: number) {
  return {
    queryKey: [...currentUserQueryKey, generation],
    queryFn: ({ signal }: { signal: AbortSignal }) => fetchCurrentUser({ signal }),
    staleTime: Infinity,
  };
}

/**
 * Holds who is signed in. At start a stored token (localStorage `xapa.token`) is checked with `GET /api/user`;
 * a 401/403 or a reply without `id` removes it. Any later 401 from another call (the session ended: idle or
 * total time, revoked) signs out locally too.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [hasToken, setHasToken] = useState(() => getToken() !== null);
  // Bumped on every sign-in, so a new token always gets a fresh check (never a cached user).
  const [generation, setGeneration] = useState(0);
  const lastGeneration = useRef(0);

  const query = useQuery({ ...currentUserQuery(generation), enabled: hasToken });

  let status: SessionStatus;
  if (!hasToken) status = 'signedOut';
  else if (query.isPending) status = 'loading';
  else if (query.isError) status = 'error';
  else status = query.data ? 'signedIn' : 'signedOut';
  const user = status === 'signedIn' ? (query.data ?? null) : null;

  const signIn = useCallback(
    (token: string) => {
      setToken(token);
      lastGeneration.current += 1;
      // The check starts now, not after the render this starts (the sign-in page leaving takes a while): the
      // signed-in app waits for it. The query below takes it over.
      void queryClient.prefetchQuery(currentUserQuery(lastGeneration.current));
      setHasToken(true);
      setGeneration(lastGeneration.current);
    },
    [queryClient],
  );

  const signOut = useCallback(async () => {
    try {
      await logoutCall();
    } catch {
      // The token is dropped anyway: a failed logout must not keep anyone signed in here.
    } finally {
      clearToken();
      reloadPage();
    }
  }, []);

  const { refetch } = query;
  const refresh = useCallback(async () => {
    await refetch();
  }, [refetch]);
  const retry = useCallback(() => void refetch(), [refetch]);

  // A 401 from any other call (query or mutation) while signed in: the session is over.
  useEffect(() => {
    if (status !== 'signedIn') return undefined;
    const onError = (error: unknown) => {
      if (!isApiError(error) || error.status !== 401) return;
      clearToken();
      setHasToken(false);
      queryClient.removeQueries();
      toast.warning('Your session has ended. Please sign in again.');
    };
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      // (The current-user check itself never fails with 401: it turns that into "signed out".)
      if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error);
    });
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error);
    });
    return () => {
      unsubscribeQueries();
      unsubscribeMutations();
    };
  }, [status, queryClient]);

  const session = useMemo<Session>(
    () => ({ status, user, error: query.error, signIn, signOut, refresh, retry }),
    [status, user, query.error, signIn, signOut, refresh, retry],
  );
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}
