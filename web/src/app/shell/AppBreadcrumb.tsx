import { Breadcrumb } from 'antd';
import { Link, useLocation } from 'react-router';
import { breadcrumbFor } from '../navigation';

/** Home / (Setting | Report) / page title, from the route table. */
export function AppBreadcrumb() {
  const { pathname } = useLocation();
  const [home, ...rest] = breadcrumbFor(pathname);
  return (
    <Breadcrumb
      className="app-shell__breadcrumb"
      aria-label="Breadcrumb"
      items={[{ title: <Link to="/">{home}</Link> }, ...rest.map((title) => ({ title }))]}
    />
  );
}
