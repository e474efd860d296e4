import { queryOptions } from '@tanstack/react-query';
import { apiGet } from './api';
import type { GetReply } from './apiTypes';

/**
 * A coin or token of GET /api/cointypes, in display order (generated from docs/openapi.json): `type` is 'coin' or
 * 'token'; `blockchain` is the chain coin's symbol for a token, null for a coin.
 */
export type CoinType = GetReply<'/api/cointypes'>[number];

/** The chain coins (`all: false`) or coins and tokens (`all: true`); any signed-in staff member may read them. */
export function coinTypesQuery(all: boolean) {
  return queryOptions({
    queryKey: ['cointypes', all ? 'all' : 'coins'],
    queryFn: ({ signal }) => apiGet('/api/cointypes', { params: { query: all ? { type: 'all' } : undefined }, signal }),
    staleTime: 5 * 60_000,
  });
}

/** How a coin is named in lists: "USDT (TRX)" for a token, so the same symbol on two chains stays apart. */
export function coinLabel(coin: Pick<CoinType, 'symbol' | 'blockchain' | 'type'>): string {
  return coin.type === 'token' && coin.blockchain ? `${coin.symbol} (${coin.blockchain})` : coin.symbol;
}
