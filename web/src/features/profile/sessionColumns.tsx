import { Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { formatDateTime } from '../../lib/dateDisplay';
import type { UserSession } from './types';

/** Platform, device, IP, created, last seen, revoked, first device. */
export const SESSION_COLUMNS: TableColumnsType<UserSession> = [
  { key: 'platform', title: 'Platform', render: (_, s) => s.platform || '—' },
  { key: 'device', title: 'Device', render: (_, s) => s.deviceModel || '—' },
  { key: 'ip', title: 'IP', render: (_, s) => s.IP || '—' },
  { key: 'created', title: 'Created', render: (_, s) => formatDateTime(s.createdAt) },
  { key: 'seen', title: 'Last Seen', render: (_, s) => formatDateTime(s.updatedAt) },
  {
    key: 'revoked',
    title: 'Revoked',
    render: (_, s) => (s.revokedAt ? formatDateTime(s.revokedAt) : <Tag color="green">Active</Tag>),
  },
  {
    key: 'first',
    title: 'First Device',
    render: (_, s) => (s.first_device ? <Tag color="blue">Yes</Tag> : 'No'),
  },
];
