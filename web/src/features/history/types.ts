/** A transaction as the history calls return it (api: GET /api/admin/transactions/history). */
export interface Transaction {
  id: number;
  user: { id: number; email: string };
  amount: string;
  formatedAmount: string;
  networkFee: string;
  formattedNetworkFee: string;
  commission: string;
  fee: string;
  formatedFee: string;
  type: TransactionType;
  network: Network;
  exchange: boolean;
  hash: string;
  explorerUrl: string;
  created_at: string;
  confirmations: number;
  maxConfirmation: number;
  status: 'pending' | 'confirmed' | 'failed';
  receiverAddress: string;
  coinType: { id: number; name: string; symbol: string; icon: string };
  wallet: { id: number; name: string };
}

export type TransactionType = 'received' | 'sent';
export type Network = 'main' | 'test';

/** The list reply of the history and hash-search calls. */
export interface TransactionPage {
  transactionHistory: Transaction[];
  page: number;
  items_per_page: number;
  total_items: number;
  total_pages: number;
}
