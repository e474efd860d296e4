import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Segmented, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { PagedTable } from '../../components/PagedTable';
import { errorMessage } from '../../lib/api';
import { formatDateTime } from '../../lib/dateDisplay';
import { commandsQuery } from './integrationApi';
import type { Command } from './integrationApi';
import { COMMAND_STATE_COLORS, COMMAND_STATE_LABELS } from './integrationText';

type CommandState = '' | 'waiting' | 'failing' | 'delivered' | 'rejected';

const STATES: { label: string; value: CommandState }[] = [
  { label: 'All', value: '' },
  { label: 'Waiting', value: 'waiting' },
  { label: 'Failing', value: 'failing' },
  { label: 'Pending at core', value: 'delivered' },
  { label: 'Rejected', value: 'rejected' },
];

/** What went wrong with a command, if anything: the core's reason, or why its last delivery failed. */
function trouble(c: Command): ReactNode {
  if (c.state === 'rejected') return c.reason;
  if (c.attempts > 0) return <Typography.Text type="danger">{`${c.attempts} failed: ${c.lastError}`}</Typography.Text>;
  return null;
}

/** The commands to the core, newest first, by state; each opens to show the command as sent. */
export function CommandsCard({ summary }: { summary: ReactNode }) {
  const [state, setState] = useState<CommandState>('');
  const [paging, setPaging] = useState({ page: 1, pageSize: 10 });
  const query = useQuery(commandsQuery({ state, page: paging.page, maxPerPage: paging.pageSize }));
  const columns: TableColumnsType<Command> = [
    { key: 'created', title: 'Made', render: (_, c) => formatDateTime(c.createdAt) },
    { key: 'type', title: 'Type', dataIndex: 'type' },
    { key: 'entity', title: 'Changes', dataIndex: 'entity' },
    { key: 'state', title: 'State', render: (_, c) => <Tag color={COMMAND_STATE_COLORS[c.state]}>{COMMAND_STATE_LABELS[c.state]}</Tag> },
    { key: 'trouble', title: 'Problem', render: (_, c) => trouble(c) },
  ];
  return (
    <Card title="Commands to the core" size="small" role="region" aria-label="Commands to the core">
      {summary}
      <Segmented<CommandState>
        options={STATES}
        value={state}
        onChange={(value) => {
          setState(value);
          setPaging((p) => ({ ...p, page: 1 }));
        }}
        aria-label="Which commands"
        className="integration__filter"
      />
      {query.isError ? <Alert type="error" showIcon title={errorMessage(query.error)} /> : null}
      <PagedTable<Command>
        rows={query.data?.commands ?? []}
        columns={columns}
        rowKey="id"
        loading={query.isFetching && !query.data}
        emptyText="No command to the core"
        page={paging.page}
        pageSize={paging.pageSize}
        total={query.data?.total_items ?? 0}
        onPaging={(page, pageSize) => setPaging({ page, pageSize })}
        expandable={{
          expandedRowRender: (c) => (
            <pre className="integration__body" aria-label={`Command ${c.id} as sent`}>
              {c.body}
            </pre>
          ),
        }}
      />
    </Card>
  );
}
