/**
 * The promotion form's model and rules: amounts are USD decimal strings,
 * shown with their coin equivalent; one side takes either a promotion amount or a default amount; the minimum
 * list holds each coin once and locks the waiting time once it has entries.
 */
import type { Dayjs } from 'dayjs';
import { fromServer, toApiDate, utcNow } from '../../lib/dates';
import { formatDecimal, signOf } from '../../lib/decimal';
import { divideDecimals } from '../../lib/decimalDivide';
import type { BonusPayload, PromotionBonus, PromotionPayload, PromotionSettings } from './types';

export const DEFAULT_WAITING_DAYS = 50;
/** The amount (USD) the minimum list's Amount field starts with. */
export const DEFAULT_MINIMUM_USD = '60';
/** Start Now runs the promotion this long (about 463 days). */
export const START_NOW_DURATION_MS = 4e10;
export const PROMOTION_NETWORK = 'main';
/** Decimals of the coin equivalents: the bonuses, and the minimum list. */
export const BONUS_COIN_DECIMALS = 7;
export const MINIMUM_COIN_DECIMALS = 5;

export interface BonusDraft {
  coin: number | undefined;
  /** The promotion amount (USD). */
  amount: string;
  /** The default amount (USD). */
  default: string;
}

export interface MinimumDraft {
  coin: number;
  /** USD. */
  main: string;
}

export interface PromotionDraft {
  start: Dayjs | null;
  end: Dayjs | null;
  inviter: BonusDraft;
  invited: BonusDraft;
  minimum: MinimumDraft[];
  waitingDays: number | null;
}

/** Whether a decimal string is above 0 (blank or unreadable text is not). */
export function isPositive(value: string | null | undefined): boolean {
  try {
    return Boolean(value) && signOf(value as string) > 0;
  } catch {
    return false;
  }
}

/** `usd` in a coin worth `rate` USD, with `decimals` decimals; zero when the rate or the amount is missing or 0. */
export function coinEquivalent(usd: string | null | undefined, rate: string | null | undefined, decimals: number): string {
  const quotient = isPositive(rate) && usd ? divideDecimals(usd, rate as string, decimals + 1) : null;
  return formatDecimal(quotient ?? '0', decimals);
}

/** The default amount field is disabled while the promotion amount is above 0. */
export function defaultAmountDisabled(bonus: BonusDraft): boolean {
  return isPositive(bonus.amount);
}

/** The promotion amount field is disabled while the default amount is above 0. */
export function promotionAmountDisabled(bonus: BonusDraft): boolean {
  return isPositive(bonus.default);
}

/** The waiting time is locked once the minimum list has entries. */
export function waitingTimeLocked(minimum: readonly MinimumDraft[]): boolean {
  return minimum.length > 0;
}

/** The coins the minimum list can still take: each coin at most once. */
export function availableMinimumCoins<C extends { id: number }>(coins: readonly C[], minimum: readonly MinimumDraft[]): C[] {
  return coins.filter((coin) => !minimum.some((entry) => entry.coin === coin.id));
}

export interface MinimumCandidate {
  amount: string | null;
  coin: number | undefined;
  waitingDays: number | null;
}

/** Add (minimum list): needs an amount above 0, a waiting time, and a coin not listed yet. */
export function canAddMinimum(candidate: MinimumCandidate, minimum: readonly MinimumDraft[]): boolean {
  return (
    isPositive(candidate.amount) &&
    candidate.waitingDays !== null &&
    candidate.waitingDays >= 0 &&
    candidate.coin !== undefined &&
    !minimum.some((entry) => entry.coin === candidate.coin)
  );
}

/** The end cannot be before the start. */
export function rangeIsValid(draft: Pick<PromotionDraft, 'start' | 'end'>): boolean {
  return draft.start !== null && draft.end !== null && !draft.end.isBefore(draft.start);
}

/** Submit: disabled while the minimum list is empty (or the range is not valid). */
export function canSubmitPromotion(draft: PromotionDraft): boolean {
  return draft.minimum.length > 0 && rangeIsValid(draft);
}

function bonusDraft(bonus: PromotionBonus): BonusDraft {
  return { coin: bonus.coin.id || undefined, amount: bonus.amount, default: bonus.default };
}

/** The form as the server's settings fill it. */
export function draftFromSettings(settings: PromotionSettings): PromotionDraft {
  const { invitation_bonus: bonus } = settings;
  return {
    start: fromServer(settings.range.start_date),
    end: fromServer(settings.range.end_date),
    inviter: bonusDraft(bonus.inviter_bonus),
    invited: bonusDraft(bonus.invited_bonus),
    minimum: bonus.minimum.map((entry) => ({ coin: entry.coin.id, main: entry.main })),
    waitingDays: settings.waiting_time.days || DEFAULT_WAITING_DAYS,
  };
}

function bonusPayload(bonus: BonusDraft): BonusPayload {
  return { coin: bonus.coin ?? 0, amount: bonus.amount || '0', default: bonus.default || '0', network: PROMOTION_NETWORK };
}

/** The save call's body for the form as it stands, enabled or not. */
export function toPayload(draft: PromotionDraft, isEnabled: boolean): PromotionPayload {
  return {
    isEnabled,
    minimum: draft.minimum.map(({ coin, main }) => ({ coin, main })),
    invited_bonus: bonusPayload(draft.invited),
    inviter_bonus: bonusPayload(draft.inviter),
    waiting_time: { days: draft.waitingDays ?? DEFAULT_WAITING_DAYS },
    range: {
      start_date: draft.start ? toApiDate(draft.start) : '',
      end_date: draft.end ? toApiDate(draft.end) : '',
    },
  };
}

/** Start Now: enabled, from now until now + 4e10 ms. */
export function startNow(draft: PromotionDraft, now: Dayjs = utcNow()): PromotionDraft {
  return { ...draft, start: now, end: now.add(START_NOW_DURATION_MS, 'millisecond') };
}
