/** A token as `GET /api/admin/coins/tokens` lists it (product-spec.md section 3). */
export interface Token {
  id: number;
  icon: string;
  name: string;
  symbol: string;
  /** The chain coin's symbol. */
  blockchain: string;
  /** The chain coin's id. */
  blockchainId: number;
  maxConfirmation: number;
  mainContract: string;
  testContract: string;
  decimals: number;
  /** A decimal string. */
  minSpendable: string;
}

/** The add payload (`POST /api/admin/coins/new`); modify adds `id`. `blockchain` is the chain coin's id. */
export interface TokenInput {
  id?: number;
  name: string;
  symbol: string;
  decimals: number | null;
  mainContract: string;
  testContract: string;
  maxConfirmation: number | null;
  minSpendable: string;
  blockchain: number;
}

/** What the token panels' form holds while being edited. */
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
