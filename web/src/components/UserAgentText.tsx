import { Tooltip } from 'antd';
import { describeUserAgent } from '../lib/userAgent';

/** A session's user agent in words ("Chrome 131 on Windows"), the whole text in a tooltip; `empty` when blank. */
export function UserAgentText({ ua, empty = '—' }: { ua: string; empty?: string }) {
  const words = describeUserAgent(ua);
  if (!words) return <span className="user-agent">{empty}</span>;
  return (
    <Tooltip title={words === ua.trim() ? undefined : ua}>
      <span className="user-agent" data-user-agent={ua}>
        {words}
      </span>
    </Tooltip>
  );
}
