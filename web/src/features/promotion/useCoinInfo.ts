import { useMemo } from 'react';
import type { CoinType } from '../../lib/coinTypes';
import type { PromotionSettings } from './types';

/** A coin's fiat rate (USD per coin) and symbol, by id; empty for an unknown coin. */
export type CoinInfo = (coin: number | undefined) => { rate: string; symbol: string };

/** Looks coins up in GET /api/cointypes?type=all, falling back to the coins the promotion reply names. */
export function useCoinInfo(coins: readonly CoinType[] | undefined, settings: PromotionSettings): CoinInfo {
  return useMemo(() => {
    const byId = new Map<number, { rate: string; symbol: string }>();
    const { invitation_bonus: bonus } = settings;
    for (const { coin } of [bonus.inviter_bonus, bonus.invited_bonus, ...bonus.minimum]) {
      byId.set(coin.id, { rate: coin.fiatExchangeRate, symbol: coin.symbol });
    }
    for (const coin of coins ?? []) byId.set(coin.id, { rate: coin.fiatExchangeRate, symbol: coin.symbol });
    return (coin) => (coin === undefined ? undefined : byId.get(coin)) ?? { rate: '', symbol: '' };
  }, [coins, settings]);
}
