import { EditOutlined } from '@ant-design/icons';
import { Button, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import { CopyableAddress } from '../../components/CopyableAddress';
import { CoreState } from '../../components/CoreState';
import { CoinIcon } from './CoinIcon';
import type { Token } from './types';

interface TokenTableProps {
  tokens: Token[];
  loading: boolean;
  onEdit: (token: Token) => void;
}

function columns(onEdit: (token: Token) => void): TableColumnsType<Token> {
  return [
    { title: 'ID', dataIndex: 'id', width: 48 },
    { title: 'Icon', dataIndex: 'icon', width: 56, render: (icon: string) => <CoinIcon src={icon} /> },
    { title: 'Name', dataIndex: 'name' },
    { title: 'Symbol', dataIndex: 'symbol' },
    { title: 'Blockchain', dataIndex: 'blockchain' },
    { title: 'Max Confirmation', dataIndex: 'maxConfirmation', width: 110 },
    {
      title: 'Main Contract',
      dataIndex: 'mainContract',
      width: 140,
      className: 'token-table__contract',
      render: (address: string) => <CopyableAddress address={address} label="Main contract" />,
    },
    { title: 'Decimals', dataIndex: 'decimals' },
    {
      title: 'Test Contract',
      dataIndex: 'testContract',
      width: 140,
      className: 'token-table__contract',
      render: (address: string) => <CopyableAddress address={address} label="Test contract" />,
    },
    { title: 'At the Core', key: 'core', render: (_: unknown, token: Token) => <CoreState core={token.core} /> },
    {
      title: 'Edit',
      key: 'edit',
      width: 56,
      render: (_: unknown, token: Token) => (
        <Button
          icon={<EditOutlined />}
          aria-label={`Edit ${token.symbol} (${token.blockchain})`}
          onClick={() => onEdit(token)}
        />
      ),
    },
  ];
}

/** Every token, one row each; the contracts are cut short (the whole address on hover, a copy button). */
export function TokenTable({ tokens, loading, onEdit }: TokenTableProps) {
  return (
    <Table<Token>
      rowKey="id"
      columns={columns(onEdit)}
      dataSource={tokens}
      loading={loading}
      size="small"
      pagination={false}
      // Every column fits from 1280 px: the table scrolls sideways only in a narrower window.
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: 'No tokens yet' }}
    />
  );
}
