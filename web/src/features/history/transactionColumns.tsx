import { Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { InlineRow } from '../../components/InlineRow';
import { formatDateTime } from '../../lib/dateDisplay';
import { UserEmailLink } from '../session/UserEmailLink';
import { HashLink } from './HashLink';
import { TransactionStatus } from './TransactionStatus';
import type { Transaction } from './types';

type Column = TableColumnsType<Transaction>[number];

const TYPE_LABELS: Record<Transaction['type'], string> = { received: 'Received', sent: 'Sent' };

const COLUMNS = {
  date: { key: 'date', title: 'Date', render: (_, tx) => formatDateTime(tx.created_at), width: 136 },
  // Long emails are cut with an ellipsis (the whole one in the cell's title), so the hash stays in view.
  user: { key: 'user', title: 'User', ellipsis: true, width: 176, render: (_, tx) => <UserEmailLink user={tx.user} /> },
  coin: {
    key: 'coin',
    title: 'Coin',
    width: 74,
    render: (_, tx) => (
      <InlineRow gap={6}>
        <img src={tx.coinType.icon} alt="" width={18} height={18} />
        <span title={tx.coinType.name}>{tx.coinType.symbol}</span>
      </InlineRow>
    ),
  },
  type: {
    key: 'type',
    title: 'Type',
    width: 76,
    render: (_, tx) => (
      <InlineRow gap={4}>
        {TYPE_LABELS[tx.type]}
        {tx.exchange ? <Tag>Exchange</Tag> : null}
      </InlineRow>
    ),
  },
  amount: { key: 'amount', title: 'Amount', align: 'right', width: 130, ellipsis: true, render: (_, tx) => `${tx.formatedAmount} ${tx.coinType.symbol}` },
  networkFee: {
    key: 'networkFee',
    title: 'Network Fee',
    width: 84,
    align: 'right',
    render: (_, tx) => tx.formattedNetworkFee,
  },
  fee: { key: 'fee', title: 'Fee', align: 'right', width: 82, render: (_, tx) => tx.formatedFee },
  status: { key: 'status', title: 'Status', width: 146, render: (_, tx) => <TransactionStatus tx={tx} /> },
  hash: { key: 'hash', title: 'Hash', width: 136, render: (_, tx) => <HashLink hash={tx.hash} explorerUrl={tx.explorerUrl} /> },
  wallet: { key: 'wallet', title: 'Wallet', ellipsis: true, width: 80, render: (_, tx) => tx.wallet.name },
} satisfies Record<string, Column>;

export type TransactionColumn = keyof typeof COLUMNS;

/** Every column, in History's order. */
export const ALL_TRANSACTION_COLUMNS: readonly TransactionColumn[] = [
  'date',
  'user',
  'coin',
  'type',
  'amount',
  'networkFee',
  'fee',
  'status',
  'hash',
  'wallet',
];

export function transactionColumns(which: readonly TransactionColumn[]): TableColumnsType<Transaction> {
  return which.map((key) => COLUMNS[key]);
}

/**
 * The width of a table of these columns: every column has a width, so History's ten fit a 1440 px window (the
 * table scrolls inside itself on a narrower one, the page never does).
 */
export function transactionTableWidth(which: readonly TransactionColumn[]): number {
  return which.reduce((sum, key) => sum + COLUMNS[key].width, 0);
}
