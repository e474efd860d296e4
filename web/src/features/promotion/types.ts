import type { GetReply, PostBody } from '../../lib/apiTypes';

// The promotion call's shapes, from docs/openapi.json's `GET` and `POST /api/admin/promotion`.

/** A coin as the promotion reply names it; `fiatExchangeRate` is USD per coin, a decimal string. */
export type PromotionCoin = PromotionBonus['coin'];

/** One side's bonus: USD amounts (decimal strings), with the coin amounts the server derived. */
export type PromotionBonus = PromotionSettings['invitation_bonus']['inviter_bonus'];

export type PromotionMinimum = PromotionSettings['invitation_bonus']['minimum'][number];

/**
 * `GET /api/admin/promotion` (and the reply of the save). The range is RFC 3339; `timer.totalDuration` is the
 * milliseconds left, 0 when off.
 */
export type PromotionSettings = GetReply<'/api/admin/promotion'>;

/** One side's bonus in the save: `coin` is the coin's id. */
export type BonusPayload = NonNullable<PromotionPayload['inviter_bonus']>;

/** `POST /api/admin/promotion`; dates UTC `YYYY-MM-DD HH:mm:ss`. */
export type PromotionPayload = PostBody<'/api/admin/promotion'>;
