import { Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { UserAgentText } from '../../components/UserAgentText';
import { formatDateTime, utcTitle } from '../../lib/dateDisplay';
import type { UserSession } from './types';

/** Platform, device, IP, created, last seen, revoked, first device. */
export const SESSION_COLUMNS: TableColumnsType<UserSession> = [
  { key: 'platform', title: 'Platform', render: (_, s) => s.platform || '—' },
  { key: 'device', title: 'Device', render: (_, s) => <UserAgentText ua={s.deviceModel} /> },
  { key: 'ip', title: 'IP', render: (_, s) => s.IP || '—' },
  { key: 'created', title: utcTitle('Created'), render: (_, s) => formatDateTime(s.createdAt) },
  { key: 'seen', title: utcTitle('Last Seen'), render: (_, s) => formatDateTime(s.updatedAt) },
  {
    key: 'revoked',
    title: utcTitle('Revoked'),
    render: (_, s) => (s.revokedAt ? formatDateTime(s.revokedAt) : <Tag color="green">Active</Tag>),
  },
  {
    key: 'first',
    title: 'First Device',
    render: (_, s) => (s.first_device ? <Tag color="blue">Yes</Tag> : 'No'),
  },
];
