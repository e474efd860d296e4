import { Menu } from 'antd';
import type { MenuProps } from 'antd';
import { createElement } from 'react';
import { Link, useLocation } from 'react-router';
import { useSession } from '../../features/session/SessionContext';
import { findRoute, visibleMenu } from '../navigation';

type MenuItems = NonNullable<MenuProps['items']>;

/** The side menu: the route table's entries the user may open, grouped (Wallet, Setting, Report). */
export function SideMenu() {
  const { user } = useSession();
  const { pathname } = useLocation();
  const sections = visibleMenu(user?.permissions ?? []);

  const items: MenuItems = sections.flatMap((section): MenuItems => {
    const entries = section.entries.map((entry) => ({
      key: entry.path,
      icon: createElement(entry.icon),
      label: <Link to={entry.path}>{entry.title}</Link>,
    }));
    if (!section.group) return entries;
    return [{ type: 'group' as const, key: `group:${section.group.key}`, label: section.group.title, children: entries }];
  });

  const current = findRoute(pathname);
  return (
    <nav aria-label="Main menu">
      <Menu theme="dark" mode="inline" items={items} selectedKeys={current ? [current.path] : []} />
    </nav>
  );
}
