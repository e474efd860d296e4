/** Report rows and replies for unit tests. */
import type { BonusRow } from './bonus/bonusReport';
import type { ExchangeRow } from './exchange/exchangeReport';

export function makeExchangeRow(overrides: Partial<ExchangeRow> = {}): ExchangeRow {
  return {
    id: 800,
    user: { id: 53, email: 'tomas@example.com' },
    fromWallet: { coinType: { symbol: 'LTC' } },
    toWallet: { coinType: { symbol: 'BTC' } },
    exchangeRate: '0.0012505554',
    formatedExchangeRate: '0.00125',
    fromAmount: '1.39467614',
    toAmount: '0.00174063',
    fee: '0.00278935',
    formatedFromAmount: '1.394676',
    formatedToAmount: '0.001741',
    created_at: '2026-11-22T02:04:17+00:00',
    ...overrides,
  };
}

export function makeBonusRow(overrides: Partial<BonusRow> = {}): BonusRow {
  return {
    id: 181,
    user: { id: 85, email: 'noah@example.com' },
    invited_user: { id: 304, email: 'nadia@example.com' },
    bonusAmount: '10',
    formatedBonusAmount: '10.000000',
    usdAmount: '1234.5',
    formatedUsdAmount: '1234.50',
    kind: 'inviter',
    bonusWallet: { coinType: { symbol: 'USDT' } },
    created_at: '2026-11-22T03:40:24+00:00',
    ...overrides,
  };
}

/** A list reply under `key`. */
export function reply<K extends string, Row>(key: K, rows: Row[], total = rows.length, page = 1, perPage = 25) {
  return { [key]: rows, page, items_per_page: perPage, total_items: total, total_pages: Math.max(1, Math.ceil(total / perPage)) };
}
