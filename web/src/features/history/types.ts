import type { GetQuery, GetReply } from '../../lib/apiTypes';

/** The list reply of the history and hash-search calls. */
export type TransactionPage = GetReply<'/api/admin/transactions/history'>;

/** A transaction as the history calls return it (GET /api/admin/transactions/history), from docs/openapi.json. */
export type Transaction = TransactionPage['transactionHistory'][number];

/** GET /api/admin/transactions/history's query (its CSV export's, without the paging). */
export type HistoryQuery = GetQuery<'/api/admin/transactions/history'>;

/** The history filter's transaction types (the `type` query parameter). */
export type TransactionType = NonNullable<HistoryQuery['type']>;

/** The history filter's networks (the `network` query parameter). */
export type Network = NonNullable<HistoryQuery['network']>;
