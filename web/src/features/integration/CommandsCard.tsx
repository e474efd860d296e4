import { useQuery } from '@tanstack/react-query';
import { Card, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { formatDateTime, utcTitle } from '../../lib/dateDisplay';
import { commandsQuery } from './integrationApi';
import type { Command } from './integrationApi';
import { StateList } from './StateList';
import { useStatePage } from './useStatePage';
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
  const page = useStatePage<CommandState>('');
  const query = useQuery(commandsQuery({ ...page.query, state: page.query.state || undefined })); // '': every state
  const columns: TableColumnsType<Command> = [
    { key: 'created', title: utcTitle('Made'), render: (_, c) => formatDateTime(c.createdAt) },
    { key: 'type', title: 'Type', dataIndex: 'type' },
    { key: 'entity', title: 'Changes', dataIndex: 'entity' },
    { key: 'state', title: 'State', render: (_, c) => <Tag color={COMMAND_STATE_COLORS[c.state]}>{COMMAND_STATE_LABELS[c.state]}</Tag> },
    { key: 'trouble', title: 'Problem', render: (_, c) => trouble(c) },
  ];
  return (
    <Card title="Commands to the core" size="small" role="region" aria-label="Commands to the core">
      {summary}
      <StateList<Command, CommandState>
        what="commands"
        states={STATES}
        page={page}
        rows={query.data?.commands}
        total={query.data?.total_items}
        error={query.isError ? query.error : null}
        loading={query.isFetching && !query.data}
        columns={columns}
        emptyText="No command to the core"
        body={(c) => ({ text: c.body, label: `Command ${c.id} as sent` })}
      />
    </Card>
  );
}
