import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Popconfirm, Space, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { formatDateTime, utcTitle } from '../../lib/dateDisplay';
import { toast } from '../../lib/toast';
import { DiscardModal } from './DiscardModal';
import { StateList } from './StateList';
import { useStatePage } from './useStatePage';
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
  const page = useStatePage<LetterState>('');
  const [discarding, setDiscarding] = useState<Letter | null>(null);
  const query = useQuery(lettersQuery({ ...page.query, state: page.query.state || undefined })); // '': both states
  const queryClient = useQueryClient();
  const retry = useMutation({
    mutationFn: (id: number) => retryLetter(id),
    onSuccess: ({ result }) =>
      toast.success(`Retried: the event was ${result.status}${result.reason ? ` (${result.reason})` : ''}.`),
    onError: (error) => toast.error(errorMessage(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: integrationKeys.all }),
  });
  const columns: TableColumnsType<Letter> = [
    { key: 'received', title: utcTitle('Received'), render: (_, l) => formatDateTime(l.receivedAt) },
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
      <StateList<Letter, LetterState>
        what="events"
        states={STATES}
        page={page}
        rows={query.data?.letters}
        total={query.data?.total_items}
        error={query.isError ? query.error : null}
        loading={query.isFetching && !query.data}
        columns={columns}
        emptyText="No event kept aside"
        body={(l) => ({ text: l.body, label: `Event ${l.eventId} as received` })}
      />
      <DiscardModal letter={discarding} onClose={() => setDiscarding(null)} />
    </Card>
  );
}
