import { Amount } from '../../components/Amount';
import type { Transaction } from './types';

/** One of a transaction's amounts (all in its coin) to the coin's precision, with its unit. */
export function TxAmount({ tx, value }: { tx: Transaction; value: string }) {
  return <Amount value={value} decimals={tx.coinType.decimals} symbol={tx.coinType.symbol} />;
}
