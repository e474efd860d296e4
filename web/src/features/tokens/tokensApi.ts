import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../lib/api';
import type { GetReply } from '../../lib/apiTypes';
import { pendingRefresh } from '../../lib/coreStatus';
import type { Token, TokenInput } from './types';

export const tokenKeys = {
  all: ['admin-tokens'] as const,
};

/** Every token (`GET /api/admin/coins/tokens`). */
export const tokensQuery = queryOptions({
  queryKey: tokenKeys.all,
  queryFn: ({ signal }) =>
    apiGet<GetReply<'/api/admin/coins/tokens'>>('/admin/coins/tokens', undefined, { signal }).then((reply) => reply.tokens),
  // A change not yet answered by the core: read again until it is applied or rejected.
  refetchInterval: (query) => pendingRefresh((query.state.data ?? []).map((t) => t.core)),
});

export function createToken(input: TokenInput): Promise<Token> {
  return apiPost<Token>('/admin/coins/new', input);
}

export function editToken(id: number, input: TokenInput): Promise<Token> {
  return apiPost<Token>(`/admin/coins/${id}/edit`, { ...input, id });
}
