import { Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { CopyableAddress } from '../../components/CopyableAddress';
import { InlineRow } from '../../components/InlineRow';
import { formatDateTime, utcTitle } from '../../lib/dateDisplay';
import { UserEmailLink } from '../session/UserEmailLink';
import { HashLink } from './HashLink';
import { TransactionStatus } from './TransactionStatus';
import { TxAmount } from './TxAmount';
import type { Transaction } from './types';

type Column = TableColumnsType<Transaction>[number];

const TYPE_LABELS: Record<Transaction['type'], string> = { received: 'Received', sent: 'Sent' };

const COLUMNS = {
  date: { key: 'date', title: utcTitle('Date'), render: (_, tx) => formatDateTime(tx.created_at), width: 150 },
  // Long emails and wallet names are cut with an ellipsis, whole in the tooltip, so the hash stays in view.
  user: {
    key: 'user',
    title: 'User',
    ellipsis: { showTitle: false },
    width: 150,
    render: (_, tx) => (
      <span title={tx.user.email}>
        <UserEmailLink user={tx.user} />
      </span>
    ),
  },
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
    width: 86,
    // An exchange's tag goes under the type rather than over the amount.
    render: (_, tx) => (
      <div className="tx-type">
        {TYPE_LABELS[tx.type]}
        {tx.exchange ? <Tag className="tx-type__exchange">Exchange</Tag> : null}
      </div>
    ),
  },
  amount: {
    key: 'amount',
    title: 'Amount',
    align: 'right',
    width: 156,
    render: (_, tx) => <TxAmount tx={tx} value={tx.amount} />,
  },
  networkFee: {
    key: 'networkFee',
    title: 'Network Fee',
    width: 124,
    align: 'right',
    render: (_, tx) => <TxAmount tx={tx} value={tx.networkFee} />,
  },
  fee: {
    key: 'fee',
    title: 'Fee',
    align: 'right',
    width: 124,
    render: (_, tx) => <TxAmount tx={tx} value={tx.fee} />,
  },
  status: { key: 'status', title: 'Status', width: 140, render: (_, tx) => <TransactionStatus tx={tx} /> },
  hash: { key: 'hash', title: 'Hash', width: 126, render: (_, tx) => <HashLink hash={tx.hash} explorerUrl={tx.explorerUrl} /> },
  address: {
    key: 'address',
    title: 'Address',
    width: 150,
    render: (_, tx) => <CopyableAddress address={tx.receiverAddress} label="Address" />,
  },
  wallet: {
    key: 'wallet',
    title: 'Wallet',
    ellipsis: { showTitle: false },
    width: 90,
    render: (_, tx) => <span title={tx.wallet.name}>{tx.wallet.name}</span>,
  },
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
  'address',
  'wallet',
];

export function transactionColumns(which: readonly TransactionColumn[]): TableColumnsType<Transaction> {
  return which.map((key) => COLUMNS[key]);
}

/** Each column's title, for the Columns button. */
export function transactionColumnTitles(which: readonly TransactionColumn[]): { key: TransactionColumn; title: string }[] {
  return which.map((key) => ({ key, title: COLUMNS[key].title }));
}

/**
 * The width of a table of these columns: every column has a width, so History's ten fit a 1440 px window (the
 * table scrolls inside itself on a narrower one, the page never does).
 */
export function transactionTableWidth(which: readonly TransactionColumn[]): number {
  return which.reduce((sum, key) => sum + COLUMNS[key].width, 0);
}
