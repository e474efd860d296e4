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
    { title: 'ID', dataIndex: 'id', width: 70 },
    { title: 'Icon', dataIndex: 'icon', width: 70, render: (icon: string) => <CoinIcon src={icon} /> },
    { title: 'Name', dataIndex: 'name' },
    { title: 'Symbol', dataIndex: 'symbol' },
    { title: 'Blockchain', dataIndex: 'blockchain' },
    { title: 'Max Confirmation', dataIndex: 'maxConfirmation', width: 150 },
    {
      title: 'Main Contract',
      dataIndex: 'mainContract',
      width: 190,
      className: 'token-table__contract',
      render: (address: string) => <CopyableAddress address={address} label="Main contract" />,
    },
    { title: 'Decimals', dataIndex: 'decimals' },
    {
      title: 'Test Contract',
      dataIndex: 'testContract',
      width: 190,
      className: 'token-table__contract',
      render: (address: string) => <CopyableAddress address={address} label="Test contract" />,
    },
    { title: 'At the Core', key: 'core', render: (_: unknown, token: Token) => <CoreState core={token.core} /> },
    {
      title: 'Edit',
      key: 'edit',
      width: 70,
      // Stays in view when the table scrolls sideways (at 1280 px it is wider than the page).
      fixed: 'right',
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

/** Every token, one row each; the contracts are cut short (the whole address on hover, a copy button), Edit always in view. */
export function TokenTable({ tokens, loading, onEdit }: TokenTableProps) {
  return (
    <Table<Token>
      rowKey="id"
      columns={columns(onEdit)}
      dataSource={tokens}
      loading={loading}
      pagination={false}
      scroll={{ x: 1300 }}
      locale={{ emptyText: 'No tokens yet' }}
    />
  );
}
