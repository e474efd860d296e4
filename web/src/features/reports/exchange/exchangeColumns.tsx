import type { SortKey } from '../../../lib/listSort';
import type { TableColumnsType } from 'antd';
import { formatCoin, formatRate } from '../../../lib/decimal';
import { UserEmailLink } from '../../session/UserEmailLink';
import { formatDateTime, utcTitle } from '../../../lib/dateDisplay';
import type { ExchangeRow } from './exchangeReport';

/**
 * The exchange report's columns: the user's email links to the profile only with ADMIN_SHOW_USER; rate with
 * 5 significant digits, amounts with 6; Created At in UTC.
 */
export const EXCHANGE_COLUMNS: TableColumnsType<ExchangeRow> = [
  { key: 'user', title: 'User', render: (_, row) => <UserEmailLink user={row.user} /> },
  { key: 'source', title: 'Source Coin', render: (_, row) => row.fromWallet.coinType.symbol },
  { key: 'target', title: 'Target Coin', render: (_, row) => row.toWallet.coinType.symbol },
  { key: 'rate', title: 'Exchange Rate', align: 'right', render: (_, row) => formatRate(row.exchangeRate) },
  { key: 'sent', title: 'Sent Amount', align: 'right', render: (_, row) => formatCoin(row.fromAmount) },
  { key: 'received', title: 'Received Amount', align: 'right', render: (_, row) => formatCoin(row.toAmount) },
  { key: 'created', title: utcTitle('Created At'), render: (_, row) => formatDateTime(row.created_at) },
];

/** The headers that sort the report: the time, and the amount sent (in its own coin). */
export const EXCHANGE_SORT_KEYS: Partial<Record<string, SortKey>> = { created: 'created_at', sent: 'amount' };
