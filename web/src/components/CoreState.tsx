import { Tag, Tooltip } from 'antd';
import { formatDateTimeUtc } from '../lib/dateDisplay';
import type { CoreStatus } from '../lib/coreStatus';
import { pendingAtCore } from '../lib/coreStatus';

/**
 * The core's answer to the last change: "Pending at core" until it answers, then "Applied at core", or "Rejected by
 * the core" with its reason (the core's own state then stands). Nothing when no change was sent.
 */
export function CoreState({ core }: { core: CoreStatus | null | undefined }) {
  if (!core) return null;
  const made = `Changed ${formatDateTimeUtc(core.at)}`;
  if (pendingAtCore(core)) {
    return (
      <Tooltip title={`${made}; the exchange core has not answered yet.`}>
        <Tag color="gold">Pending at core</Tag>
      </Tooltip>
    );
  }
  if (core.state === 'rejected') {
    return (
      <span className="core-state core-state--rejected">
        <Tag color="red">Rejected by the core</Tag> {core.reason}
      </span>
    );
  }
  return (
    <Tooltip title={made}>
      <Tag color="green">Applied at core</Tag>
    </Tooltip>
  );
}
