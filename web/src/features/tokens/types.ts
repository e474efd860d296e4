import type { GetReply, PostBody } from '../../lib/apiTypes';

/**
 * A token as `GET /api/admin/coins/tokens` lists it (generated from docs/openapi.json): `blockchain` and
 * `blockchainId` are the chain coin's symbol and id; `minSpendable` is a decimal string.
 */
export type Token = GetReply<'/api/admin/coins/tokens'>['tokens'][number];

/** The add payload (`POST /api/admin/coins/new`); modify adds `id`. `blockchain` is the chain coin's id. */
export type TokenInput = PostBody<'/api/admin/coins/new'>;

/** What the token panels' form holds while being edited: web form state, not an API shape (tokenRules.ts maps it). */
export interface TokenFormValues {
  name?: string;
  symbol?: string;
  decimals?: number | null;
  mainContract?: string;
  testContract?: string;
  maxConfirmation?: number | null;
  minSpendable?: string | null;
  /** The Blockchain dropdown of the Modify Token panel. */
  blockchain?: number;
}
