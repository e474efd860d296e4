import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../lib/api';
import type { GetReply } from '../../lib/apiTypes';
import type { Token, TokenInput } from './types';

export const tokenKeys = {
  all: ['admin-tokens'] as const,
};

/** Every token (`GET /api/admin/coins/tokens`). */
export const tokensQuery = queryOptions({
  queryKey: tokenKeys.all,
  queryFn: ({ signal }) =>
    apiGet<GetReply<'/api/admin/coins/tokens'>>('/admin/coins/tokens', undefined, { signal }).then((reply) => reply.tokens),
});

export function createToken(input: TokenInput): Promise<Token> {
  return apiPost<Token>('/admin/coins/new', input);
}

export function editToken(id: number, input: TokenInput): Promise<Token> {
  return apiPost<Token>(`/admin/coins/${id}/edit`, { ...input, id });
}
