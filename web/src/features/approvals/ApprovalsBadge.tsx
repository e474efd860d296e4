import { BellOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Badge } from 'antd';
import { Link } from 'react-router';
import { useCan } from '../session/useCan';
import { waitingQuery } from './approvalsApi';
import { SEES_APPROVALS, WAITING_PAGE_SIZE, waitingLabel } from './approvalRules';
import './approvalsBadge.css';

function WaitingBadge() {
  const waiting = useQuery(waitingQuery);
  const count = waiting.data;
  const label = waitingLabel(count);
  return (
    <Link to="/approvals" className="approvals-badge" aria-label={label} title={label}>
      <Badge count={count} overflowCount={WAITING_PAGE_SIZE - 1} size="small">
        <BellOutlined className="approvals-badge__icon" />
      </Badge>
    </Link>
  );
}

/**
 * The top bar's link to Approvals, counting the pending requests the viewer may approve or reject (`can_decide`),
 * polled every 10 s like the dashboard (paused while the tab is hidden). Shown only to staff who may see approvals.
 */
export function ApprovalsBadge() {
  return useCan(SEES_APPROVALS) ? <WaitingBadge /> : null;
}
