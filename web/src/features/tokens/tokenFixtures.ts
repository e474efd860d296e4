import type { CoinType } from '../../lib/coinTypes';
import type { Token } from './types';

export const CHAINS: CoinType[] = [
  { id: 2, name: 'Ethereum', symbol: 'ETH', type: 'coin', blockchain: null },
  { id: 3, name: 'Tron', symbol: 'TRX', type: 'coin', blockchain: null },
].map((c) => ({ ...c, icon: `/icons/${c.symbol.toLowerCase()}.svg`, fiatExchangeRate: '1', conversionRate: '1', decimals: 18, maxConfirmation: 12 })) as CoinType[];

export function makeToken(overrides: Partial<Token> = {}): Token {
  return {
    id: 6,
    icon: '/icons/usdt.svg',
    name: 'Tether USD',
    symbol: 'USDT',
    blockchain: 'TRX',
    blockchainId: 3,
    maxConfirmation: 19,
    mainContract: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    testContract: 'TZwLxNVnpykqWrSV6AnEoU3N1UdSccbbd7',
    decimals: 6,
    minSpendable: '0.0001',
    ...overrides,
  };
}
