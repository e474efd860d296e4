import { describe, expect, it } from 'vitest';
import { ApiError, SentForApprovalError } from './api';
import { setToastSink } from './toast';
import { createQueryClient, POLL_INTERVAL_MS, shouldRetry } from './queryClient';

describe('queryClient', () => {
  it('retries network failures and 5xx at most twice', () => {
    expect(shouldRetry(0, new ApiError(0, 'offline'))).toBe(true);
    expect(shouldRetry(1, new ApiError(503, 'database unavailable'))).toBe(true);
    expect(shouldRetry(2, new ApiError(500, 'boom'))).toBe(false);
  });

  it('never retries 4xx or errors that are not ApiErrors', () => {
    for (const status of [400, 401, 403, 404, 409, 429]) {
      expect(shouldRetry(0, new ApiError(status, 'no'))).toBe(false);
    }
    expect(shouldRetry(0, new Error('bug'))).toBe(false);
  });

  it('has the agreed defaults', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries?.refetchOnWindowFocus).toBe(false);
    expect(defaults.queries?.retry).toBe(shouldRetry);
    expect(defaults.queries?.staleTime).toBeGreaterThan(0);
    expect(POLL_INTERVAL_MS).toBe(10_000);
  });
});

describe('a change sent for approval', () => {
  it('is told once, by the app (an info toast), and reloads the approval requests', async () => {
    const toasts: { kind: string; content: unknown }[] = [];
    setToastSink((t) => toasts.push(t));
    const client = createQueryClient();
    client.setQueryData(['approvals', 'waiting'], 0);
    const mutation = client.getMutationCache().build(client, {
      mutationFn: () => Promise.reject(new SentForApprovalError({ approval: { summary: 'Delete a role: Finance' } })),
    });
    await expect(mutation.execute(undefined)).rejects.toBeInstanceOf(SentForApprovalError);
    expect(toasts).toEqual([{ kind: 'info', content: expect.stringMatching(/^Sent for approval: Delete a role: Finance\./) as unknown }]);
    expect(client.getQueryState(['approvals', 'waiting'])?.isInvalidated).toBe(true);
    setToastSink(undefined);
  });
});
