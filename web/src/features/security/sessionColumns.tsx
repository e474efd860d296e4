import type { TableColumnsType } from 'antd';
import { formatDateTime, utcTitle } from '../../lib/dateDisplay';
import { DeviceCell, NONE } from './SessionCells';
import type { SessionRow } from './types';

/**
 * Platform, Device, IP, Signed in and Last active, the columns every session table shows; `isCurrent` tags the
 * session making the call ("This session").
 */
export function sessionColumns<Row extends SessionRow>(isCurrent: (row: Row) => boolean = () => false): TableColumnsType<Row> {
  return [
    { key: 'platform', title: 'Platform', render: (_, s) => s.platform || NONE },
    { key: 'device', title: 'Device', render: (_, s) => <DeviceCell model={s.deviceModel} current={isCurrent(s)} /> },
    { key: 'ip', title: 'IP', render: (_, s) => s.ip || NONE },
    { key: 'created', title: utcTitle('Signed in'), render: (_, s) => formatDateTime(s.createdAt) },
    { key: 'seen', title: utcTitle('Last active'), render: (_, s) => formatDateTime(s.updatedAt) },
  ];
}
