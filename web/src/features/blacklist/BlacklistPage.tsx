import { DeleteOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import { errorMessage } from '../../lib/api';
import type { BlacklistEntry } from './blacklistApi';
import { blacklistQuery } from './blacklistApi';

const COLUMNS: TableColumnsType<BlacklistEntry> = [
  { title: 'ID', dataIndex: 'id', width: 90 },
  { title: 'Market Name', dataIndex: 'MarketName' },
  {
    title: 'Delete',
    key: 'delete',
    width: 90,
    // The delete button has no action: the list is read-only.
    render: (_: unknown, entry: BlacklistEntry) => (
      <Button danger icon={<DeleteOutlined />} aria-label={`Delete ${entry.MarketName}`} />
    ),
  },
];

/** /blacklist ('Black List', the shell's title): the markets closed to exchange, read-only. */
export default function BlacklistPage() {
  const list = useQuery(blacklistQuery);
  return (
    <>
      {list.isError ? <Alert type="error" showIcon title={errorMessage(list.error)} style={{ marginBottom: 16 }} /> : null}
      <Table<BlacklistEntry>
        rowKey="id"
        columns={COLUMNS}
        dataSource={list.data ?? []}
        loading={list.isPending}
        pagination={false}
        locale={{ emptyText: 'No blacklisted markets' }}
      />
    </>
  );
}
