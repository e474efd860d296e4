import { ConfigProvider, Menu } from 'antd';
import type { MenuProps } from 'antd';
import { createElement, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useSession } from '../../features/session/SessionContext';
import type { NavGroup } from '../routeTable';
import { findRoute, visibleMenu } from '../navigation';

type MenuItems = NonNullable<MenuProps['items']>;

const groupKey = (group: NavGroup) => `group:${group}`;

/**
 * Rows of 34 px: with one group open at a time, an administrator's whole menu (16 rows) fits a 720 px window under the
 * brand and above the collapse button, so no entry needs a scroll inside the sidebar.
 */
const COMPACT_MENU = { components: { Menu: { itemHeight: 34, itemMarginBlock: 2 } } };

/**
 * The groups open in the menu: the current page's group when the page changes, then what the user opens. Opening a
 * group closes the others (an accordion), which keeps the menu as short as above.
 */
function useOpenGroups(current: NavGroup | undefined) {
  const start = current ? [groupKey(current)] : [];
  const [open, setOpen] = useState({ page: current, keys: start });
  const keys = open.page === current ? open.keys : start;
  const onOpenChange = (next: string[]) => {
    setOpen({ page: current, keys: next.filter((key) => !keys.includes(key)).slice(-1) });
  };
  return { keys, onOpenChange };
}

/** The side menu: the route table's entries the user may open, in collapsible groups (Wallet, Setting, Report). */
export function SideMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { user } = useSession();
  const { pathname } = useLocation();
  const current = findRoute(pathname);
  const groups = useOpenGroups(current?.group);

  const items: MenuItems = visibleMenu(user?.permissions ?? []).flatMap((section): MenuItems => {
    const entries = section.entries.map((entry) => ({
      key: entry.path,
      icon: createElement(entry.icon),
      label: <Link to={entry.path}>{entry.title}</Link>,
    }));
    if (!section.group) return entries;
    const { key, title, icon } = section.group;
    return [{ key: groupKey(key), label: title, icon: createElement(icon), children: entries }];
  });

  return (
    <nav aria-label="Main menu">
      <ConfigProvider theme={COMPACT_MENU}>
        <Menu
          theme="dark"
          mode="inline"
          items={items}
          selectedKeys={current ? [current.path] : []}
          openKeys={groups.keys}
          onOpenChange={groups.onOpenChange}
          onClick={onNavigate}
          // Closed groups keep their links in the page, so a search or a test finds every entry the user may open.
          forceSubMenuRender
        />
      </ConfigProvider>
    </nav>
  );
}
