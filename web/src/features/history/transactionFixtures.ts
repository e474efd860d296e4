/** Transactions and list replies for unit tests. */
import type { Transaction, TransactionPage } from './types';

export function makeTransaction(overrides: Partial<Transaction> = {}): Transaction {
  return {
    id: 101,
    user: { id: 13, email: 'yara@example.com' },
    amount: '1.11023293',
    formatedAmount: '1.110233',
    networkFee: '0.0009',
    formattedNetworkFee: '0.000900',
    commission: '0',
    fee: '0.0009',
    formatedFee: '0.000900',
    type: 'sent',
    network: 'main',
    exchange: false,
    hash: '0xd31d52bc6c76b97493f2ad225bb535eb37d8f9f1e9689a2454c507d0b07555b4',
    explorerUrl: 'https://etherscan.io/tx/0xd31d52bc6c76b97493f2ad225bb535eb37d8f9f1e9689a2454c507d0b07555b4',
    created_at: '2026-11-22T03:20:51+00:00',
    confirmations: 0,
    maxConfirmation: 12,
    status: 'pending',
    displayStatus: { label: 'Pending', badge: 'error' },
    receiverAddress: '0xea6e5393dd12976d0e15e277cdf4efcd0426039a',
    coinType: { id: 2, name: 'Ethereum', symbol: 'ETH', icon: '/icons/eth.svg', decimals: 18 },
    wallet: { id: 21, name: 'Ethereum Wallet' },
    ...overrides,
  };
}

export function makePage(transactions: Transaction[], total = transactions.length, page = 1, perPage = 25): TransactionPage {
  return {
    transactionHistory: transactions,
    page,
    items_per_page: perPage,
    total_items: total,
    total_pages: Math.max(1, Math.ceil(total / perPage)),
  };
}
