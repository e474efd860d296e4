import { Button, Table, Tag } from 'antd';
import { CoreState } from '../../components/CoreState';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { formatDateTime, utcTitle } from '../../lib/dateDisplay';
import { ChangeLogView } from './ChangeLogView';
import { DeleteAppVersionButton } from './DeleteAppVersionButton';
import type { AppVersion } from './types';

interface AppVersionTableProps {
  versions: AppVersion[];
  loading: boolean;
  /** A row was deleted (the page may have to step back). */
  onDeleted: () => void;
}

/** ID, Name, Release Date, Platform, Force Update, View Change Log (opens the row), Delete. */
export function AppVersionTable({ versions, loading, onDeleted }: AppVersionTableProps) {
  const [expanded, setExpanded] = useState<readonly number[]>([]);
  const toggle = (id: number) =>
    setExpanded((current) => (current.includes(id) ? current.filter((key) => key !== id) : [...current, id]));

  const columns: TableColumnsType<AppVersion> = [
    { title: 'ID', dataIndex: 'id', width: 80 },
    { title: 'Name', dataIndex: 'name' },
    { title: utcTitle('Release Date'), dataIndex: 'releaseDate', render: (value: string) => formatDateTime(value) },
    { title: 'Platform', dataIndex: 'platform' },
    {
      title: 'Force Update',
      dataIndex: 'forceUpdateRequired',
      // "Yes" is a fact, not an error: blue, not red.
      render: (force: boolean) => (force ? <Tag color="processing">Yes</Tag> : <Tag>No</Tag>),
    },
    { title: 'At the Core', key: 'core', render: (_: unknown, version: AppVersion) => <CoreState core={version.core} /> },
    {
      title: 'View Change Log',
      key: 'changeLog',
      render: (_: unknown, version: AppVersion) => {
        const open = expanded.includes(version.id);
        return (
          <Button
            type="link"
            aria-expanded={open}
            aria-label={`${open ? 'Hide' : 'View'} Change Log of ${version.platform} ${version.name}`}
            onClick={() => toggle(version.id)}
          >
            {open ? 'Hide Change Log' : 'View Change Log'}
          </Button>
        );
      },
    },
    {
      title: 'Delete',
      key: 'delete',
      width: 80,
      render: (_: unknown, version: AppVersion) => <DeleteAppVersionButton version={version} onDeleted={onDeleted} />,
    },
  ];

  return (
    <Table<AppVersion>
      rowKey="id"
      columns={columns}
      dataSource={versions}
      loading={loading}
      pagination={false}
      locale={{ emptyText: 'No app versions yet' }}
      expandable={{
        expandedRowKeys: expanded,
        showExpandColumn: false,
        expandedRowRender: (version) => <ChangeLogView changeLog={version.changeLog} />,
      }}
    />
  );
}
