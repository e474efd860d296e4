import { Spin, Tag } from 'antd';
import { useHealth } from './useHealth';

/** "Server: ok" / "Server: unavailable", from GET /healthz. */
export function ServerStatus() {
  const health = useHealth();

  let content;
  if (health.isPending) {
    content = (
      <>
        <Spin size="small" /> <span className="server-status__checking">Checking server…</span>
      </>
    );
  } else if (health.isSuccess && health.data?.status === 'ok') {
    content = <Tag color="green">Server: ok</Tag>;
  } else {
    content = <Tag color="red">Server: unavailable</Tag>;
  }

  return (
    <div className="server-status" role="status" aria-live="polite" data-testid="server-status">
      {content}
    </div>
  );
}
