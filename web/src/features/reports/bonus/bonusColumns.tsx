import type { SortKey } from '../../../lib/listSort';
import type { TableColumnsType } from 'antd';
import { formatCoin, formatUsd } from '../../../lib/decimal';
import { formatDateTime, utcTitle } from '../../../lib/dateDisplay';
import type { BonusRow } from './bonusReport';

/** The bonus report's columns: U-ID, User, Invited User, Bonus Amount (Coin), Bonus Amount ($), Time Stamp. */
export const BONUS_COLUMNS: TableColumnsType<BonusRow> = [
  { key: 'uid', title: 'U-ID', render: (_, row) => row.user.id },
  { key: 'user', title: 'User', render: (_, row) => row.user.email },
  { key: 'invited', title: 'Invited User', render: (_, row) => row.invited_user.email },
  {
    key: 'coin',
    title: 'Bonus Amount (Coin)',
    align: 'right',
    render: (_, row) => `${formatCoin(row.bonusAmount)} ${row.bonusWallet.coinType.symbol}`,
  },
  { key: 'usd', title: 'Bonus Amount ($)', align: 'right', render: (_, row) => formatUsd(row.usdAmount) },
  { key: 'time', title: utcTitle('Time Stamp'), render: (_, row) => formatDateTime(row.created_at) },
];

/** The headers that sort the report: the time, and the bonus in dollars (comparable across coins). */
export const BONUS_SORT_KEYS: Partial<Record<string, SortKey>> = { time: 'created_at', usd: 'amount' };
