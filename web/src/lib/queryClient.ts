import { MutationCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from './api';
import { APPROVALS_QUERY_ROOT } from './queryKeys';
import { isSentForApproval, sentForApprovalText } from './sentForApproval';
import { toast } from './toast';

/** Polling interval of the live widgets (dashboard, History main data). */
export const POLL_INTERVAL_MS = 10_000;

const MAX_RETRIES = 2;

/** Only transient failures are retried: the network (status 0) and 5xx. Never 4xx. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false;
  return isApiError(error) && (error.status === 0 || error.status >= 500);
}

/**
 * The one place a change sent for approval (a 202, thrown as SentForApprovalError) is told, whichever screen made
 * it: an info toast naming it, and the approval requests reload (the list, the top bar's badge). The screen itself
 * only closes its form (lib/sentForApproval.ts).
 */
function mutationCache(client: () => QueryClient): MutationCache {
  return new MutationCache({
    onError: (error) => {
      if (!isSentForApproval(error)) return;
      toast.info(sentForApprovalText(error));
      void client().invalidateQueries({ queryKey: APPROVALS_QUERY_ROOT });
    },
  });
}

export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    mutationCache: mutationCache(() => client),
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        refetchOnWindowFocus: false,
        staleTime: 5_000,
      },
      mutations: {
        retry: false,
      },
    },
  });
  return client;
}

export const queryClient = createQueryClient();
