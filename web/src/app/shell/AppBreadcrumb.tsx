import { Breadcrumb } from 'antd';
import { Link, useLocation } from 'react-router';
import { useCan } from '../../features/session/useCan';
import { breadcrumbFor, findRoute } from '../navigation';

/**
 * Home / (Settings | Report) / page title, from the route table. None over Access Denied: the trail of a page the
 * user may not open would name what they cannot see.
 */
export function AppBreadcrumb() {
  const { pathname } = useLocation();
  const route = findRoute(pathname);
  const allowed = useCan(route ? route.rule : null);
  if (route && !allowed) return null;
  const [home, ...rest] = breadcrumbFor(pathname);
  return (
    <Breadcrumb
      className="app-shell__breadcrumb"
      aria-label="Breadcrumb"
      items={[{ title: <Link to="/">{home}</Link> }, ...rest.map((title) => ({ title }))]}
    />
  );
}
