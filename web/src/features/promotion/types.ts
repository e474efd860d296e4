import type { components } from '../../lib/api.gen';

/** The promotion call's shapes, generated from docs/openapi.json. */
type Schemas = components['schemas'];

/** A coin as the promotion reply names it; `fiatExchangeRate` is USD per coin, a decimal string. */
export type PromotionCoin = Schemas['PromotionCoinRef'];

/** One side's bonus: USD amounts (decimal strings), with the coin amounts the server derived. */
export type PromotionBonus = Schemas['PromotionBonus'];

export type PromotionMinimum = Schemas['PromotionMinimum'];

/**
 * `GET /api/admin/promotion` (and the reply of the save). The range is RFC 3339; `timer.totalDuration` is the
 * milliseconds left, 0 when off.
 */
export type PromotionSettings = Schemas['PromotionSettings'];

/** One side's bonus in the save: `coin` is the coin's id. */
export type BonusPayload = Schemas['PromotionBonusInput'];

/** `POST /api/admin/promotion`; dates UTC `YYYY-MM-DD HH:mm:ss`. */
export type PromotionPayload = Schemas['PromotionInput'];
