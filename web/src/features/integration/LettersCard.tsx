import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Popconfirm, Segmented, Space, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { PagedTable } from '../../components/PagedTable';
import { errorMessage } from '../../lib/api';
import { formatDateTime } from '../../lib/dateDisplay';
import { toast } from '../../lib/toast';
import { DiscardModal } from './DiscardModal';
import { integrationKeys, lettersQuery, retryLetter } from './integrationApi';
import type { Letter } from './integrationApi';

type LetterState = '' | 'held' | 'dead';

const STATES: { label: string; value: LetterState }[] = [
  { label: 'All', value: '' },
  { label: 'Held', value: 'held' },
  { label: 'Dead letters', value: 'dead' },
];

/**
 * The core's events kept aside, newest first: held ones (waiting for what they refer to) and dead letters (rejected,
 * or held for a day). Each opens to show the event as received; Retry applies it again as if it arrived now, Discard
 * drops it for good with a reason.
 */
export function LettersCard() {
  const [state, setState] = useState<LetterState>('');
  const [paging, setPaging] = useState({ page: 1, pageSize: 10 });
  const [discarding, setDiscarding] = useState<Letter | null>(null);
  const query = useQuery(lettersQuery({ state, page: paging.page, maxPerPage: paging.pageSize }));
  const queryClient = useQueryClient();
  const retry = useMutation({
    mutationFn: (id: number) => retryLetter(id),
    onSuccess: ({ result }) =>
      toast.success(`Retried: the event was ${result.status}${result.reason ? ` (${result.reason})` : ''}.`),
    onError: (error) => toast.error(errorMessage(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: integrationKeys.all }),
  });
  const columns: TableColumnsType<Letter> = [
    { key: 'received', title: 'Received', render: (_, l) => formatDateTime(l.receivedAt) },
    { key: 'source', title: 'Source', dataIndex: 'source' },
    { key: 'type', title: 'Type', dataIndex: 'type' },
    { key: 'state', title: 'State', render: (_, l) => <Tag color={l.state === 'dead' ? 'red' : 'gold'}>{l.state === 'dead' ? 'Dead' : 'Held'}</Tag> },
    { key: 'why', title: 'Why', render: (_, l) => (l.state === 'held' ? `Waits for ${l.waitsFor}` : l.reason) },
    {
      key: 'actions',
      title: 'Actions',
      render: (_, l) => (
        <Space>
          <Popconfirm
            title="Retry this event?"
            description="It is applied again as if it arrived now: it may apply, wait again, or be rejected again."
            okText="Retry"
            cancelText="Cancel"
            disabled={!l.retryable}
            onConfirm={() => retry.mutateAsync(l.id).catch(() => undefined)}
          >
            <Button size="small" disabled={!l.retryable} aria-label={`Retry event ${l.eventId}`}>
              Retry
            </Button>
          </Popconfirm>
          <Button size="small" danger onClick={() => setDiscarding(l)} aria-label={`Discard event ${l.eventId}`}>
            Discard
          </Button>
        </Space>
      ),
    },
  ];
  return (
    <Card title="Events kept aside" size="small" role="region" aria-label="Events kept aside">
      <Segmented<LetterState>
        options={STATES}
        value={state}
        onChange={(value) => {
          setState(value);
          setPaging((p) => ({ ...p, page: 1 }));
        }}
        aria-label="Which events"
        className="integration__filter"
      />
      {query.isError ? <Alert type="error" showIcon title={errorMessage(query.error)} /> : null}
      <PagedTable<Letter>
        rows={query.data?.letters ?? []}
        columns={columns}
        rowKey="id"
        loading={query.isFetching && !query.data}
        emptyText="No event kept aside"
        page={paging.page}
        pageSize={paging.pageSize}
        total={query.data?.total_items ?? 0}
        onPaging={(page, pageSize) => setPaging({ page, pageSize })}
        expandable={{
          expandedRowRender: (l) => (
            <Typography.Paragraph>
              <pre className="integration__body" aria-label={`Event ${l.eventId} as received`}>{l.body}</pre>
            </Typography.Paragraph>
          ),
        }}
      />
      <DiscardModal letter={discarding} onClose={() => setDiscarding(null)} />
    </Card>
  );
}
