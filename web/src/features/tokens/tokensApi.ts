import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../lib/api';
import { pendingRefresh } from '../../lib/coreStatus';
import type { Token, TokenInput } from './types';

export const tokenKeys = {
  all: ['admin-tokens'] as const,
};

/** Every token (`GET /api/admin/coins/tokens`). */
export const tokensQuery = queryOptions({
  queryKey: tokenKeys.all,
  queryFn: ({ signal }) =>
    apiGet('/api/admin/coins/tokens', { signal }).then((reply) => reply.tokens),
  // A change not yet answered by the core: read again until it is applied or rejected.
  refetchInterval: (query) => pendingRefresh((query.state.data ?? []).map((t) => t.core)),
});

export function createToken(input: TokenInput): Promise<Token> {
  return apiPost('/api/admin/coins/new', { body: input });
}

export function editToken(id: number, input: TokenInput): Promise<Token> {
  return apiPost('/api/admin/coins/{id}/edit', { params: { path: { id } }, body: { ...input, id } });
}
