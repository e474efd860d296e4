import type { ComponentType } from 'react';
import { matchPath } from 'react-router';
import { can } from '../lib/permissions';
import type { AppRoute, NavGroupInfo } from './routeTable';
import { APP_ROUTES, NAV_GROUPS } from './routeTable';

export interface MenuEntry {
  path: string;
  title: string;
  icon: ComponentType;
}

/** One block of the side menu: the ungrouped entries (group null), then one per group. */
export interface MenuSection {
  group: NavGroupInfo | null;
  entries: MenuEntry[];
}

/** The menu someone holding `permissions` sees: only entries they may open; empty groups left out. */
export function visibleMenu(permissions: readonly string[], routes: readonly AppRoute[] = APP_ROUTES): MenuSection[] {
  const allowed = routes.filter((route) => route.inMenu && can(permissions, route.rule));
  const entry = ({ path, title, icon }: AppRoute): MenuEntry => ({ path, title, icon });
  const sections: MenuSection[] = [{ group: null, entries: allowed.filter((r) => !r.group).map(entry) }];
  for (const group of NAV_GROUPS) {
    sections.push({ group, entries: allowed.filter((r) => r.group === group.key).map(entry) });
  }
  return sections.filter((section) => section.entries.length > 0);
}

/** The table's route for a location, if any. */
export function findRoute(pathname: string, routes: readonly AppRoute[] = APP_ROUTES): AppRoute | undefined {
  return routes.find((route) => matchPath({ path: route.path, end: true }, pathname) !== null);
}

export const NOT_FOUND_TITLE = 'Page not found';

/** Breadcrumb labels: Home / (Settings | Report) / page title. */
export function breadcrumbFor(pathname: string, routes: readonly AppRoute[] = APP_ROUTES): string[] {
  const route = findRoute(pathname, routes);
  if (!route) return ['Home', NOT_FOUND_TITLE];
  const group = NAV_GROUPS.find((g) => g.key === route.group);
  return ['Home', ...(group?.inBreadcrumb ? [group.title] : []), route.title];
}
