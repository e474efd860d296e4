import '../../components/light.css';
import { Spinner } from '../../components/Spinner';
import { useHealth } from './useHealth';

/** "Server: ok" / "Server: unavailable", from GET /healthz. */
export function ServerStatus() {
  const health = useHealth();

  let content;
  if (health.isPending) {
    content = (
      <>
        <Spinner size="small" /> <span className="server-status__checking">Checking server…</span>
      </>
    );
  } else if (health.isSuccess && health.data?.status === 'ok') {
    content = <span className="light-tag light-tag--green">Server: ok</span>;
  } else {
    content = <span className="light-tag light-tag--red">Server: unavailable</span>;
  }

  return (
    <div className="server-status" role="status" aria-live="polite" data-testid="server-status">
      {content}
    </div>
  );
}
