/**
 * Made-up holdings for the static preview pages: balances and the wallet address. Prices are never made up: they come
 * from the market data the dashboard shows (marketPrices.ts).
 */
export interface DummyCoin {
  symbol: string;
  name: string;
  /** A decimal string. */
  balance: string;
}

export const DUMMY_COINS: readonly DummyCoin[] = [
  { symbol: 'BTC', name: 'Bitcoin', balance: '0.18452' },
  { symbol: 'ETH', name: 'Ethereum', balance: '2.407115' },
  { symbol: 'USDT', name: 'Tether', balance: '1250' },
  { symbol: 'BNB', name: 'BNB', balance: '5.1' },
  { symbol: 'LTC', name: 'Litecoin', balance: '12' },
];

export const DUMMY_WALLET_ADDRESS = '0x7a3F9c2B41d8E5a06F1c9B3e2D4a8C7b6E5f0A19';

export function coinIcon(symbol: string): string {
  return `/icons/${symbol.toLowerCase()}.svg`;
}
