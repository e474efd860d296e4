import { describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, SUPPORT_PERMISSIONS } from '../test/users';
import { Permission } from '../lib/permissions';
import { breadcrumbFor, findRoute, visibleMenu } from './navigation';
import { APP_ROUTES } from './routeTable';

function titles(permissions: readonly string[]): Record<string, string[]> {
  return Object.fromEntries(
    visibleMenu(permissions).map((section) => [section.group?.title ?? '-', section.entries.map((e) => e.title)]),
  );
}

describe('visibleMenu', () => {
  it('shows everything, grouped, to someone holding every permission', () => {
    expect(titles(ALL_PERMISSIONS)).toEqual({
      '-': ['Dashboard', 'History', 'User Management'],
      Wallet: ['Exchange', 'My Wallet', 'Security'],
      Settings: ['Members', 'Roles and Permissions', 'ChangeLog', 'Promotion', 'Tokens', 'Black List', 'Audit Log', 'Sessions', 'Approvals', 'Integration'],
      Report: ['Accounting Report', 'Bonus Report', 'Exchange Report'],
    });
  });

  it('shows the Support role only what the table allows, and hides the empty Report group', () => {
    expect(titles(SUPPORT_PERMISSIONS)).toEqual({
      '-': ['Dashboard', 'History', 'User Management'],
      Wallet: ['Exchange', 'My Wallet', 'Security'],
      // ADMIN_EDIT_USER is a key of an action the approval policy may cover.
      Settings: ['Members', 'Approvals'],
    });
  });

  it('shows the accounting report only with both accounting keys', () => {
    const report = (permissions: string[]) => titles(permissions).Report ?? [];
    expect(report([Permission.TRANSACTION_ACCOUNTING])).toEqual([]);
    expect(report([Permission.USER_ACCOUNTING])).toEqual([]);
    expect(report([Permission.USER_ACCOUNTING, Permission.TRANSACTION_ACCOUNTING])).toEqual(['Accounting Report']);
  });

  it('gates each entry on its own key', () => {
    expect(titles([Permission.AUDIT_LOG]).Settings).toEqual(['Audit Log']);
    expect(titles([Permission.SESSIONS]).Settings).toEqual(['Sessions']);
    expect(titles([Permission.APPROVAL_POLICY]).Settings).toEqual(['Approvals']);
    expect(titles([Permission.SHOW_PROMOTION]).Settings).toEqual(['Promotion', 'Approvals']);
    expect(titles([Permission.CREATE_TOKEN]).Settings).toEqual(['Tokens', 'Black List', 'Approvals']);
    expect(titles([Permission.TRANSACTION_EXCHANGE]).Report).toEqual(['Exchange Report']);
    expect(titles([Permission.BONUS_REPORT]).Report).toEqual(['Bonus Report']);
  });

  it('leaves the dashboard and the static previews to anyone signed in', () => {
    expect(titles([])).toEqual({ '-': ['Dashboard'], Wallet: ['Exchange', 'My Wallet', 'Security'] });
  });

  it('never lists the user profile (reached from e-mails only)', () => {
    const paths = visibleMenu(ALL_PERMISSIONS).flatMap((s) => s.entries.map((e) => e.path));
    expect(paths).not.toContain('/userprofile/:id');
  });
});

describe('the route table', () => {
  it('has every signed-in route of the product, plus /audit, /sessions, /approvals and /integration', () => {
    expect(APP_ROUTES.map((r) => r.path).sort()).toEqual(
      [
        '/',
        '/exchange',
        '/mywallet',
        '/history',
        '/security',
        '/members',
        '/roles',
        '/usermanagement',
        '/changelog',
        '/promotion',
        '/userprofile/:id',
        '/xapareport',
        '/bonusreport',
        '/exchangereport',
        '/blacklist',
        '/tokens',
        '/audit',
        '/sessions',
        '/approvals',
        '/integration',
      ].sort(),
    );
  });

  it('finds routes by location, parameters included', () => {
    expect(findRoute('/')?.title).toBe('Dashboard');
    expect(findRoute('/userprofile/42')?.title).toBe('User Profile');
    expect(findRoute('/members/')?.title).toBe('Members');
    expect(findRoute('/members/extra')).toBeUndefined();
    expect(findRoute('/nope')).toBeUndefined();
  });
});

describe('breadcrumbFor', () => {
  it('is Home / (Settings | Report) / title', () => {
    expect(breadcrumbFor('/')).toEqual(['Home', 'Dashboard']);
    expect(breadcrumbFor('/history')).toEqual(['Home', 'History']);
    expect(breadcrumbFor('/roles')).toEqual(['Home', 'Settings', 'Roles and Permissions']);
    expect(breadcrumbFor('/audit')).toEqual(['Home', 'Settings', 'Audit Log']);
    expect(breadcrumbFor('/sessions')).toEqual(['Home', 'Settings', 'Sessions']);
    expect(breadcrumbFor('/approvals')).toEqual(['Home', 'Settings', 'Approvals']);
    expect(breadcrumbFor('/bonusreport')).toEqual(['Home', 'Report', 'Bonus Report']);
    expect(breadcrumbFor('/exchange')).toEqual(['Home', 'Exchange']);
    expect(breadcrumbFor('/nowhere')).toEqual(['Home', 'Page not found']);
  });
});
