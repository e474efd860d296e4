/** A coin as the promotion reply names it. */
export interface PromotionCoin {
  id: number;
  name: string;
  symbol: string;
  icon: string;
  /** USD per coin, a decimal string. */
  fiatExchangeRate: string;
}

/** One side's bonus: USD amounts (decimal strings), with the coin amounts the server derived. */
export interface PromotionBonus {
  coin: PromotionCoin;
  amount: string;
  default: string;
  network: string;
  coin_amount: string;
  coin_default: string;
}

export interface PromotionMinimum {
  coin: PromotionCoin;
  main: string;
  coin_amount: string;
}

/** `GET /api/admin/promotion` (and the reply of the save). */
export interface PromotionSettings {
  enabled: { isEnabled: boolean };
  /** RFC 3339. */
  range: { start_date: string; end_date: string };
  invitation_bonus: {
    invited_bonus: PromotionBonus;
    inviter_bonus: PromotionBonus;
    minimum: PromotionMinimum[];
  };
  waiting_time: { days: number };
  /** totalDuration: milliseconds left, 0 when off. */
  timer: { totalDuration: number; isStart: boolean };
}

export interface BonusPayload {
  coin: number;
  amount: string;
  default: string;
  network: string;
}

/** `POST /api/admin/promotion`; dates UTC `YYYY-MM-DD HH:mm:ss`. */
export interface PromotionPayload {
  isEnabled: boolean;
  minimum: { coin: number; main: string }[];
  invited_bonus: BonusPayload;
  inviter_bonus: BonusPayload;
  waiting_time: { days: number };
  range: { start_date: string; end_date: string };
}
