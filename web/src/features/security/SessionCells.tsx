import { Tag } from 'antd';
import { UserAgentText } from '../../components/UserAgentText';

export const NONE = '—';

/**
 * The device in words ("Chrome 131 on Windows"; an app's model as sent), the whole user agent in a tooltip, and
 * `current`'s tag: the session making the call, as the server marks it.
 */
export function DeviceCell({ model, current }: { model: string; current?: boolean }) {
  return (
    <span className="session-device">
      {current ? <Tag color="blue">This session</Tag> : null}
      <span className="session-device__model">
        <UserAgentText ua={model} empty={NONE} />
      </span>
    </span>
  );
}
