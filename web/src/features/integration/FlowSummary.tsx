import { Descriptions, Table, Typography } from 'antd';
import { formatDateTime, utcTitle } from '../../lib/dateDisplay';
import type { IntegrationSummary } from './integrationApi';
import { ageText, EVENT_STATUSES } from './integrationText';

type Source = IntegrationSummary['sources'][number];

/** Events in: per source the newest event applied and its age, the last hour's events by status, what waits aside. */
export function EventsInSummary({ summary }: { summary: IntegrationSummary }) {
  const now = summary.serverTime;
  return (
    <>
      <Table<Source>
        rowKey="name"
        size="small"
        pagination={false}
        dataSource={summary.sources}
        locale={{ emptyText: 'No event from the core yet' }}
        columns={[
          { key: 'name', title: 'Source', dataIndex: 'name' },
          { key: 'last', title: utcTitle('Newest event'), render: (_, s) => formatDateTime(s.lastEventAt) },
          { key: 'age', title: 'Its age', render: (_, s) => ageText(now, s.lastEventAt) },
          { key: 'received', title: 'Last received', render: (_, s) => `${ageText(now, s.lastReceivedAt)} ago` },
        ]}
      />
      <Descriptions size="small" column={{ xs: 1, sm: 3, md: 7 }} className="integration__counts" title="Last hour">
        {EVENT_STATUSES.map((status) => (
          <Descriptions.Item key={status} label={status[0].toUpperCase() + status.slice(1)}>
            {summary.lastHour[status] ?? 0}
          </Descriptions.Item>
        ))}
        <Descriptions.Item label="Held now">{summary.held}</Descriptions.Item>
        <Descriptions.Item label="Dead letters">
          {summary.dead > 0 ? <Typography.Text type="danger">{summary.dead}</Typography.Text> : 0}
        </Descriptions.Item>
      </Descriptions>
    </>
  );
}

/** Commands out: how many wait, fail or were rejected, and how long the oldest has waited. */
export function CommandsOutSummary({ summary }: { summary: IntegrationSummary }) {
  const c = summary.commands;
  return (
    <Descriptions size="small" column={{ xs: 1, sm: 2, md: 4 }}>
      <Descriptions.Item label="Waiting">{c.waiting}</Descriptions.Item>
      <Descriptions.Item label="Failing">
        {c.failing > 0 ? <Typography.Text type="danger">{c.failing}</Typography.Text> : 0}
      </Descriptions.Item>
      <Descriptions.Item label="Rejected by the core">{c.rejected}</Descriptions.Item>
      <Descriptions.Item label="Oldest waiting">{c.oldestWaitingAt ? ageText(summary.serverTime, c.oldestWaitingAt) : '—'}</Descriptions.Item>
    </Descriptions>
  );
}
