import { describe, expect, it } from 'vitest';
import { dayjs } from '../../lib/dates';
import type { PromotionDraft } from './promotionRules';
import {
  availableMinimumCoins,
  BONUS_COIN_DECIMALS,
  canAddMinimum,
  canSubmitPromotion,
  coinEquivalent,
  defaultAmountDisabled,
  draftFromSettings,
  MINIMUM_COIN_DECIMALS,
  promotionAmountDisabled,
  startNow,
  toPayload,
  waitingTimeLocked,
} from './promotionRules';
import { makePromotion } from './testData';

const draft: PromotionDraft = {
  start: dayjs('2026-11-01T00:00:00Z'),
  end: dayjs('2026-12-01T00:00:00Z'),
  inviter: { coin: 6, amount: '10', default: '0' },
  invited: { coin: 6, amount: '0', default: '5' },
  minimum: [{ coin: 6, main: '60' }],
  waitingDays: 50,
};

describe('promotion amounts', () => {
  it('disables the default amount while the promotion amount is above 0, and vice versa', () => {
    expect(defaultAmountDisabled({ coin: 6, amount: '10', default: '0' })).toBe(true);
    expect(promotionAmountDisabled({ coin: 6, amount: '10', default: '0' })).toBe(false);
    expect(promotionAmountDisabled({ coin: 6, amount: '0', default: '5' })).toBe(true);
    expect(defaultAmountDisabled({ coin: 6, amount: '0', default: '5' })).toBe(false);
    expect(defaultAmountDisabled({ coin: 6, amount: '', default: '' })).toBe(false);
    expect(promotionAmountDisabled({ coin: 6, amount: '', default: '0.00' })).toBe(false);
  });

  it('shows coin equivalents with 7 decimals (bonuses) and 5 (minimum list)', () => {
    expect(coinEquivalent('10', '1', BONUS_COIN_DECIMALS)).toBe('10.0000000');
    expect(coinEquivalent('100', '67250.12', BONUS_COIN_DECIMALS)).toBe('0.0014870');
    expect(coinEquivalent('100', '67250.12', MINIMUM_COIN_DECIMALS)).toBe('0.00149');
    expect(coinEquivalent('60', '0.1234', MINIMUM_COIN_DECIMALS)).toBe('486.22366');
    expect(coinEquivalent('1', '3', BONUS_COIN_DECIMALS)).toBe('0.3333333');
    expect(coinEquivalent('2', '3', BONUS_COIN_DECIMALS)).toBe('0.6666667');
  });

  it('shows zero without an amount or a rate', () => {
    expect(coinEquivalent('', '1', BONUS_COIN_DECIMALS)).toBe('0.0000000');
    expect(coinEquivalent('10', '0', BONUS_COIN_DECIMALS)).toBe('0.0000000');
    expect(coinEquivalent('10', '', MINIMUM_COIN_DECIMALS)).toBe('0.00000');
  });
});

describe('minimum bonus list', () => {
  const coins = [{ id: 1 }, { id: 6 }, { id: 9 }];

  it('locks the waiting time once the list has entries', () => {
    expect(waitingTimeLocked([])).toBe(false);
    expect(waitingTimeLocked([{ coin: 6, main: '60' }])).toBe(true);
  });

  it('offers each coin once', () => {
    expect(availableMinimumCoins(coins, [{ coin: 6, main: '60' }])).toEqual([{ id: 1 }, { id: 9 }]);
    expect(availableMinimumCoins(coins, [])).toEqual(coins);
  });

  it('Add needs an amount, a waiting time and a coin not listed yet', () => {
    expect(canAddMinimum({ amount: '60', coin: 1, waitingDays: 50 }, draft.minimum)).toBe(true);
    expect(canAddMinimum({ amount: '', coin: 1, waitingDays: 50 }, draft.minimum)).toBe(false);
    expect(canAddMinimum({ amount: '0', coin: 1, waitingDays: 50 }, draft.minimum)).toBe(false);
    expect(canAddMinimum({ amount: null, coin: 1, waitingDays: 50 }, draft.minimum)).toBe(false);
    expect(canAddMinimum({ amount: '60', coin: 1, waitingDays: null }, draft.minimum)).toBe(false);
    expect(canAddMinimum({ amount: '60', coin: undefined, waitingDays: 50 }, draft.minimum)).toBe(false);
    expect(canAddMinimum({ amount: '60', coin: 6, waitingDays: 50 }, draft.minimum)).toBe(false);
  });
});

describe('Submit, Start Now, Stop Now', () => {
  it('Submit is disabled while the minimum list is empty or the end is before the start', () => {
    expect(canSubmitPromotion(draft)).toBe(true);
    expect(canSubmitPromotion({ ...draft, minimum: [] })).toBe(false);
    expect(canSubmitPromotion({ ...draft, end: dayjs('2026-10-31T23:59:00Z') })).toBe(false);
    expect(canSubmitPromotion({ ...draft, end: draft.start })).toBe(true);
    expect(canSubmitPromotion({ ...draft, end: null })).toBe(false);
  });

  it('Start Now starts now and ends 4e10 ms later', () => {
    const now = dayjs('2026-11-22T10:15:30Z');
    const started = startNow(draft, now);
    expect(started.start?.valueOf()).toBe(now.valueOf());
    expect(started.end!.diff(started.start!)).toBe(4e10);
    const payload = toPayload(started, true);
    expect(payload.isEnabled).toBe(true);
    expect(payload.range).toEqual({ start_date: '2026-11-22 10:15:30', end_date: '2028-02-28 09:22:10' });
  });

  it('the payload: USD amounts as strings (blank = 0), network main, UTC dates', () => {
    expect(toPayload({ ...draft, inviter: { coin: 1, amount: '', default: '2.5' } }, false)).toEqual({
      isEnabled: false,
      minimum: [{ coin: 6, main: '60' }],
      inviter_bonus: { coin: 1, amount: '0', default: '2.5', network: 'main' },
      invited_bonus: { coin: 6, amount: '0', default: '5', network: 'main' },
      waiting_time: { days: 50 },
      range: { start_date: '2026-11-01 00:00:00', end_date: '2026-12-01 00:00:00' },
    });
  });

  it('fills the form from the server, with 50 waiting days by default', () => {
    const settings = makePromotion();
    expect(draftFromSettings(settings)).toMatchObject({
      inviter: { coin: 6, amount: '10', default: '0' },
      invited: { coin: 6, amount: '0', default: '5' },
      minimum: [{ coin: 6, main: '60' }],
      waitingDays: 50,
    });
    expect(draftFromSettings({ ...settings, waiting_time: { days: 0 } }).waitingDays).toBe(50);
  });
});
