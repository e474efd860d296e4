import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api';

/** Polling interval of the live widgets (dashboard, History main data). */
export const POLL_INTERVAL_MS = 10_000;

const MAX_RETRIES = 2;

/** Only transient failures are retried: the network (status 0) and 5xx. Never 4xx. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false;
  return isApiError(error) && (error.status === 0 || error.status >= 500);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
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
}

export const queryClient = createQueryClient();
