import { CloseCircleOutlined } from '@ant-design/icons';
import { Badge, Tag } from 'antd';
import type { Transaction } from './types';

/**
 * A transaction's display status, as the server states it: a coloured dot and its label; a failed one as a red tag
 * with an icon, so it stands out from the red dot of Pending.
 */
export function TransactionStatus({ tx }: { tx: Pick<Transaction, 'status' | 'displayStatus'> }) {
  const { label, badge } = tx.displayStatus;
  if (tx.status === 'failed') {
    return (
      <Tag color="error" icon={<CloseCircleOutlined />} data-status="failed" className="tx-status">
        {label}
      </Tag>
    );
  }
  return <Badge status={badge} text={label} data-status={badge} className="tx-status" />;
}
