import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Alert, Button, Segmented, Space, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useSearchParams } from 'react-router';
import { PagedTable } from '../../components/PagedTable';
import { errorMessage } from '../../lib/api';
import { coinLabel, coinTypesQuery } from '../../lib/coinTypes';
import { formatDateTime, formatDateTimeUtc, utcTitle } from '../../lib/dateDisplay';
import { enumParam } from '../../lib/listParams';
import { Permission } from '../../lib/permissions';
import type { ListSpec } from '../../lib/useListState';
import { useListState } from '../../lib/useListState';
import { useSession } from '../session/SessionContext';
import { useCan } from '../session/useCan';
import { actionLabel } from './actionLabels';
import { approvalsQuery } from './approvalsApi';
import type { Decision, StatusChoice } from './approvalRules';
import { STATUS_CHOICES, STATUS_LABELS } from './approvalRules';
import { ChangeDiff } from './ChangeDiff';
import type { CoinName } from './changeDiff';
import { changeInWords, diffChange } from './changeDiff';
import { DecisionModal } from './DecisionModal';
import { PolicyEditor } from './PolicyEditor';
import type { ApprovalRequest, ApprovalStatus } from './types';
import { WithdrawButton } from './WithdrawButton';
import './approvals.css';

interface ApprovalFilters {
  status: StatusChoice;
}

/** The status in the URL (`status`; Pending, the default, leaves it out; All is `status=all`). */
const APPROVAL_LIST: ListSpec<ApprovalFilters> = {
  params: { status: enumParam('status', STATUS_CHOICES) },
  defaults: () => ({ status: 'pending' }),
};

const STATUS_COLORS: Record<ApprovalStatus, string> = {
  pending: 'gold',
  approved: 'green',
  rejected: 'red',
  withdrawn: 'default',
  expired: 'default',
  void: 'default',
};

/** What an expanded row shows: the difference, coins by symbol, and who decided, when and why. */
function RequestDetails({ request, coinName }: { request: ApprovalRequest; coinName: CoinName }) {
  return (
    <div className="approval-details">
      <ChangeDiff change={request.change} coinName={coinName} caption={`What “${request.summary}” changes`} />
      <dl className="approval-details__facts">
        <dt>Action</dt>
        <dd>{actionLabel(request.action)}</dd>
        {request.decided_by ? (
          <>
            <dt>{request.status === 'approved' ? 'Approved by' : 'Decided by'}</dt>
            <dd>
              {request.decided_by.email}, {formatDateTimeUtc(request.decided_at)}
            </dd>
          </>
        ) : null}
        {request.reason ? (
          <>
            <dt>{request.status === 'void' ? 'Why it is void' : 'Their reason'}</dt>
            <dd>{request.reason}</dd>
          </>
        ) : null}
      </dl>
    </div>
  );
}

/**
 * /approvals (any key of the actions the policy may cover, or ADMIN_APPROVAL_POLICY): the four-eyes requests,
 * Pending first (a status filter in the URL), newest first; a row opens to the difference it would make. Approve and
 * Reject (for whoever may decide: `can_decide`) ask for a reason; the maker may withdraw their own pending request.
 * Holders of ADMIN_APPROVAL_POLICY also edit the policy below.
 */
export default function ApprovalsPage() {
  const { filters, page, pageSize, setFilters, setPaging } = useListState(APPROVAL_LIST);
  const me = useSession().user?.id;
  const editsPolicy = useCan(Permission.APPROVAL_POLICY);
  const status = filters.status === 'all' ? undefined : filters.status;
  const query = useQuery(approvalsQuery({ status, page, maxPerPage: pageSize }));
  const opened = useOpenedRequest();
  const coinName = useCoinName();
  const [deciding, setDeciding] = useState<{ request: ApprovalRequest; decision: Decision } | null>(null);
  const [decision, setDecision] = useState<Decision>('approve');
  const decide = (request: ApprovalRequest, choice: Decision) => {
    setDecision(choice);
    setDeciding({ request, decision: choice });
  };

  const columns = approvalColumns(coinName, me, decide);

  const reply = query.data;
  return (
    <div className="approvals">
      <section aria-labelledby="approvals-requests">
        <h2 id="approvals-requests" className="approvals__heading">
          Requests
        </h2>
        <div className="approvals__toolbar" role="search" aria-label="Filters">
          <Segmented<StatusChoice>
            aria-label="Status"
            value={filters.status}
            onChange={(choice) => setFilters({ status: choice })}
            options={STATUS_CHOICES.map((choice) => ({ value: choice, label: STATUS_LABELS[choice] }))}
          />
        </div>
        {query.isError ? <Alert type="error" showIcon title={errorMessage(query.error)} className="approvals__error" /> : null}
        <PagedTable<ApprovalRequest>
          rows={reply?.approvals ?? []}
          columns={columns}
          rowKey="id"
          loading={query.isFetching}
          emptyText={filters.status === 'pending' ? 'No requests waiting' : 'No requests'}
          page={page}
          pageSize={pageSize}
          total={reply?.total_items ?? 0}
          onPaging={setPaging}
          expandable={{ expandedRowRender: (r) => <RequestDetails request={r} coinName={coinName} />, defaultExpandedRowKeys: opened ? [opened] : [] }}
        />
      </section>
      {editsPolicy ? (
        <section aria-labelledby="approvals-policy" className="approvals__policy">
          <h2 id="approvals-policy" className="approvals__heading">
            Policy
          </h2>
          <PolicyEditor />
        </section>
      ) : null}
      <DecisionModal request={deciding?.request ?? null} decision={deciding?.decision ?? decision} onClose={() => setDeciding(null)} />
    </div>
  );
}

type Decide = (request: ApprovalRequest, choice: Decision) => void;

/** The columns of the requests table: what it changes, who asked, when, its status, and the decision. */
function approvalColumns(coinName: CoinName, me: number | undefined, decide: Decide): TableColumnsType<ApprovalRequest> {
  return [
    {
      key: 'summary',
      title: 'Summary',
      render: (_, r) => {
        const words = changeInWords(diffChange(r.change, coinName));
        return (
          <div className="approvals__summary">
            <span>{r.summary}</span>
            {words ? <Typography.Text type="secondary">{words}</Typography.Text> : null}
          </div>
        );
      },
    },
    { key: 'action', title: 'Action', render: (_, r) => actionLabel(r.action) },
    {
      key: 'maker',
      title: 'Asked by',
      render: (_, r) => (
        <div className="approvals__maker">
          <span>{r.maker.email}</span>
          {r.maker_reason ? <Typography.Text type="secondary">“{r.maker_reason}”</Typography.Text> : null}
        </div>
      ),
    },
    { key: 'created', title: utcTitle('Created'), render: (_, r) => formatDateTime(r.created_at) },
    { key: 'expires', title: utcTitle('Expires'), render: (_, r) => formatDateTime(r.expires_at) },
    { key: 'status', title: 'Status', render: (_, r) => <Tag color={STATUS_COLORS[r.status]}>{STATUS_LABELS[r.status]}</Tag> },
    {
      key: 'decide',
      title: 'Decision',
      render: (_, r) => <DecisionCell request={r} me={me} decide={decide} />,
    },
  ];
}

/** The Decision cell: Approve and Reject for whoever may decide, or why not; the maker's own actions. */
function DecisionCell({ request: r, me, decide }: { request: ApprovalRequest; me: number | undefined; decide: Decide }) {
  return (
    <Space size="small">
      {r.can_decide ? (
        <>
          <Button size="small" type="primary" onClick={() => decide(r, 'approve')} aria-label={`Approve: ${r.summary}`}>
            Approve
          </Button>
          <Button size="small" danger onClick={() => decide(r, 'reject')} aria-label={`Reject: ${r.summary}`}>
            Reject
          </Button>
        </>
      ) : null}
      {r.cannot_decide ? (
        <Typography.Text type="secondary" className="approvals__cannot-decide">
          {r.cannot_decide}
        </Typography.Text>
      ) : null}
      {r.status === 'pending' && r.maker.id === me ? (
        <>
          <Typography.Text type="secondary">Yours: another person decides</Typography.Text>
          <Button size="small" onClick={() => decide(r, 'explain')} aria-label={`Reason for the approver: ${r.summary}`}>
            {r.maker_reason ? 'Change the reason' : 'Give a reason'}
          </Button>
          <WithdrawButton request={r} />
        </>
      ) : null}
    </Space>
  );
}


/** A form refused for a change already pending links here with ?request=<id>: that row opens. */
function useOpenedRequest(): number | null {
  return Number(useSearchParams()[0].get('request')) || null;
}

/** The name of a coin by its id, from the catalogue ('' while it loads). */
function useCoinName(): CoinName {
  const coins = useQuery(coinTypesQuery(true)).data;
  return useMemo<CoinName>(() => {
    const byId = new Map((coins ?? []).map((coin) => [coin.id, coinLabel(coin)]));
    return (id) => byId.get(id) ?? '';
  }, [coins]);
}
