/** Made-up figures for the static preview pages (no call is made). */
export interface DummyCoin {
  symbol: string;
  name: string;
  balance: string;
  usd: string;
  price: string;
  change: number;
}

export const DUMMY_COINS: readonly DummyCoin[] = [
  { symbol: 'BTC', name: 'Bitcoin', balance: '0.184520', usd: '12,418.52', price: '67,302.11', change: 1.84 },
  { symbol: 'ETH', name: 'Ethereum', balance: '2.407115', usd: '8,371.09', price: '3,477.70', change: -0.62 },
  { symbol: 'USDT', name: 'Tether', balance: '1,250.000000', usd: '1,250.00', price: '1.00', change: 0 },
  { symbol: 'BNB', name: 'BNB', balance: '5.100000', usd: '3,009.51', price: '590.10', change: 2.35 },
  { symbol: 'LTC', name: 'Litecoin', balance: '12.000000', usd: '1,004.40', price: '83.70', change: -1.1 },
];

export const DUMMY_WALLET_ADDRESS = '0x7a3F9c2B41d8E5a06F1c9B3e2D4a8C7b6E5f0A19';

export function coinIcon(symbol: string): string {
  return `/icons/${symbol.toLowerCase()}.svg`;
}
