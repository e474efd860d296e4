import { Space, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { formatDateTime, utcTitle } from '../../lib/dateDisplay';
import { formatCoin, formatUsd } from '../../lib/decimal';
import type { Wallet } from './types';

/** Name, coin, balance (6 decimals), its value in USD at the coin's current rate, address, created. */
export const WALLET_COLUMNS: TableColumnsType<Wallet> = [
  {
    key: 'name',
    title: 'Name',
    render: (_, w) => (
      <Space size={4}>
        {w.name}
        {w.network === 'main' ? null : <Tag>{w.network}</Tag>}
      </Space>
    ),
  },
  {
    key: 'coin',
    title: 'Coin',
    render: (_, w) => (
      <Space size={6}>
        <img src={w.coinType.icon} alt="" width={18} height={18} />
        <span title={w.coinType.name}>{w.coinType.symbol}</span>
      </Space>
    ),
  },
  { key: 'balance', title: 'Balance', align: 'right', render: (_, w) => formatCoin(w.balance) },
  { key: 'usd', title: 'Value (USD at current rates)', align: 'right', render: (_, w) => formatUsd(w.usd_value) },
  {
    key: 'address',
    title: 'Address',
    render: (_, w) => <span className="profile__address">{w.walletAddresses.map((a) => a.address).join(', ') || '—'}</span>,
  },
  { key: 'created', title: utcTitle('Created'), render: (_, w) => formatDateTime(w.createdAt) },
];
