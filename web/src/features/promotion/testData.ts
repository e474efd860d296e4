import type { PromotionCoin, PromotionSettings } from './types';

export const USDT: PromotionCoin = { id: 6, name: 'Tether USD', symbol: 'USDT', icon: '/icons/usdt.svg', fiatExchangeRate: '1' };
export const BTC: PromotionCoin = { id: 1, name: 'Bitcoin', symbol: 'BTC', icon: '/icons/btc.svg', fiatExchangeRate: '67250.12' };

/** A promotion reply like the demo's: running, 10 USD to the inviter, 5 USD default to the invited, USDT minimum. */
export function makePromotion(overrides: Partial<PromotionSettings> = {}): PromotionSettings {
  return {
    enabled: { isEnabled: true },
    range: { start_date: '2026-11-12T03:00:00+00:00', end_date: '2026-12-12T03:00:00+00:00' },
    invitation_bonus: {
      inviter_bonus: { coin: USDT, amount: '10', default: '0', network: 'main', coin_amount: '10.0000000', coin_default: '0.0000000' },
      invited_bonus: { coin: USDT, amount: '0', default: '5', network: 'main', coin_amount: '0.0000000', coin_default: '5.0000000' },
      minimum: [{ coin: USDT, main: '60', coin_amount: '60.00000' }],
    },
    waiting_time: { days: 50 },
    timer: { totalDuration: 3_600_000, isStart: true },
    ...overrides,
  };
}
