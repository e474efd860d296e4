import { Alert } from 'antd';
import { Link } from 'react-router';
import { approvalLink } from '../lib/pendingApproval';

/** Says that the same change already waits for approval, with a link to that request. */
export function PendingApprovalAlert({ id, className }: { id: number; className?: string }) {
  return (
    <Alert
      type="warning"
      showIcon
      className={className}
      title="The same change is already waiting for approval: nothing was sent."
      description={<Link to={approvalLink(id)}>Open the pending request #{id}</Link>}
    />
  );
}
