import { Badge } from 'antd';
import { displayStatus } from './transactionStatus';
import type { Transaction } from './types';

/** A transaction's display status as a badge (rules in transactionStatus.ts). */
export function TransactionStatus({ tx }: { tx: Pick<Transaction, 'status' | 'confirmations' | 'maxConfirmation'> }) {
  const { label, badge } = displayStatus(tx);
  return <Badge status={badge} text={label} data-status={badge} className="tx-status" />;
}
