/**
 * THE table of signed-in screens: path, title, permission rule, menu group and the page's lazy chunk.
 * The router (shell/ShellRoutes), the side menu (navigation.ts) and the breadcrumb all read it, so a screen
 * is added, renamed or gated here and nowhere else. Later issues swap a route's `component` for the real page.
 */
import {
  ApiOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BarChartOutlined,
  CheckSquareOutlined,
  DashboardOutlined,
  DesktopOutlined,
  DollarOutlined,
  FileTextOutlined,
  GiftOutlined,
  HistoryOutlined,
  LineChartOutlined,
  LockOutlined,
  PieChartOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
  StopOutlined,
  SwapOutlined,
  TeamOutlined,
  UserOutlined,
  UserSwitchOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';
import { lazy } from 'react';
import type { PermissionRule } from '../lib/permissions';
import { lazyComponent } from '../lib/lazyComponent';
import { Permission } from '../lib/permissions';
import { loadDashboardPage } from '../features/dashboard/dashboardLoader';
import { SEES_APPROVALS } from '../features/approvals/approvalRules';

/** Menu groups. Setting and Report also show in the breadcrumb (Home / group / title); Wallet does not. */
export type NavGroup = 'Wallet' | 'Settings' | 'Report';

export interface NavGroupInfo {
  key: NavGroup;
  title: string;
  icon: ComponentType;
  /** Shown between Home and the page title in the breadcrumb. */
  inBreadcrumb: boolean;
}

/** Groups in menu order; ungrouped entries come first, in table order. */
export const NAV_GROUPS: readonly NavGroupInfo[] = [
  { key: 'Wallet', title: 'Wallet', icon: WalletOutlined, inBreadcrumb: false },
  { key: 'Settings', title: 'Settings', icon: SettingOutlined, inBreadcrumb: true },
  { key: 'Report', title: 'Report', icon: BarChartOutlined, inBreadcrumb: true },
];

export interface AppRoute {
  /** React Router path ('/userprofile/:id'). */
  path: string;
  title: string;
  /** Who may open it (lib/permissions.ts); the menu hides what the user cannot open. */
  rule: PermissionRule;
  group?: NavGroup;
  /** False for screens reached from other screens only (the user profile). */
  inMenu: boolean;
  icon: ComponentType;
  component: ComponentType;
}

const ExchangePage = lazy(() => import('../features/placeholders/ExchangePage'));
const MyWalletPage = lazy(() => import('../features/placeholders/MyWalletPage'));
const SecurityPage = lazy(() => import('../features/security/SecurityPage'));
// The first screen after a sign-in, loaded at the code step: it renders without suspending then (dashboardLoader.ts).
const DashboardPage = lazyComponent(loadDashboardPage);
const HistoryPage = lazy(() => import('../features/history/HistoryPage'));
const MembersPage = lazy(() => import('../features/members/MembersPage'));
const UserManagementPage = lazy(() => import('../features/members/UserManagementPage'));
const RolesPage = lazy(() => import('../features/roles/RolesPage'));
const AppVersionsPage = lazy(() => import('../features/changelog/AppVersionsPage'));
const PromotionPage = lazy(() => import('../features/promotion/PromotionPage'));
const TokensPage = lazy(() => import('../features/tokens/TokensPage'));
const BlacklistPage = lazy(() => import('../features/blacklist/BlacklistPage'));
const AccountingReportPage = lazy(() => import('../features/reports/accounting/AccountingReportPage'));
const BonusReportPage = lazy(() => import('../features/reports/bonus/BonusReportPage'));
const ExchangeReportPage = lazy(() => import('../features/reports/exchange/ExchangeReportPage'));
const UserProfilePage = lazy(() => import('../features/profile/UserProfilePage'));
const AuditLogPage = lazy(() => import('../features/audit/AuditLogPage'));
const StaffSessionsPage = lazy(() => import('../features/security/StaffSessionsPage'));
const IntegrationPage = lazy(() => import('../features/integration/IntegrationPage'));
const ApprovalsPage = lazy(() => import('../features/approvals/ApprovalsPage'));

export const APP_ROUTES: readonly AppRoute[] = [
  { path: '/', title: 'Dashboard', rule: null, inMenu: true, icon: DashboardOutlined, component: DashboardPage },
  {
    path: '/history',
    title: 'History',
    rule: Permission.TRANSACTION_HISTORY,
    inMenu: true,
    icon: HistoryOutlined,
    component: HistoryPage,
  },
  {
    path: '/usermanagement',
    title: 'User Management',
    rule: Permission.USERS_LIST,
    inMenu: true,
    icon: UserSwitchOutlined,
    component: UserManagementPage,
  },
  // The product names no permission for these, so any signed-in staff member may open them. They sit in a
  // "Wallet" group of their own: Exchange and My Wallet are static previews; Security is one's own password,
  // authenticator and sessions.
  {
    path: '/exchange',
    title: 'Exchange',
    rule: null,
    group: 'Wallet',
    inMenu: true,
    icon: SwapOutlined,
    component: ExchangePage,
  },
  {
    path: '/mywallet',
    title: 'My Wallet',
    rule: null,
    group: 'Wallet',
    inMenu: true,
    icon: WalletOutlined,
    component: MyWalletPage,
  },
  {
    path: '/security',
    title: 'Security',
    rule: null,
    group: 'Wallet',
    inMenu: true,
    icon: LockOutlined,
    component: SecurityPage,
  },
  {
    path: '/members',
    title: 'Members',
    rule: Permission.USERS_LIST,
    group: 'Settings',
    inMenu: true,
    icon: TeamOutlined,
    component: MembersPage,
  },
  {
    path: '/roles',
    title: 'Roles and Permissions',
    rule: Permission.ROLES_LIST,
    group: 'Settings',
    inMenu: true,
    icon: SafetyCertificateOutlined,
    component: RolesPage,
  },
  {
    path: '/changelog',
    title: 'ChangeLog',
    rule: Permission.APP_VERSIONS_LIST,
    group: 'Settings',
    inMenu: true,
    icon: FileTextOutlined,
    component: AppVersionsPage,
  },
  {
    path: '/promotion',
    title: 'Promotion',
    rule: Permission.SHOW_PROMOTION,
    group: 'Settings',
    inMenu: true,
    icon: GiftOutlined,
    component: PromotionPage,
  },
  {
    path: '/tokens',
    title: 'Tokens',
    rule: Permission.CREATE_TOKEN,
    group: 'Settings',
    inMenu: true,
    icon: AppstoreOutlined,
    component: TokensPage,
  },
  {
    path: '/blacklist',
    title: 'Black List',
    // The product names no permission for /blacklist. It is a market setting next to the tokens,
    // so it is gated on the tokens permission (ADMIN_CREATE_TOKEN) until a key of its own is decided.
    rule: Permission.CREATE_TOKEN,
    group: 'Settings',
    inMenu: true,
    icon: StopOutlined,
    component: BlacklistPage,
  },
  {
    path: '/audit',
    title: 'Audit Log',
    rule: Permission.AUDIT_LOG,
    group: 'Settings',
    inMenu: true,
    icon: AuditOutlined,
    component: AuditLogPage,
  },
  {
    // The staff sessions console: every staff member's signed-in devices, each one can be revoked.
    path: '/sessions',
    title: 'Sessions',
    rule: Permission.SESSIONS,
    group: 'Settings',
    inMenu: true,
    icon: DesktopOutlined,
    component: StaffSessionsPage,
  },
  {
    // Four-eyes approval (docs/decisions/0013): the requests waiting for a second person, and (ADMIN_APPROVAL_POLICY)
    // the policy. Open to any key of the actions the policy may cover, as the server's approvalKeys.
    path: '/approvals',
    title: 'Approvals',
    rule: SEES_APPROVALS,
    group: 'Settings',
    inMenu: true,
    icon: CheckSquareOutlined,
    component: ApprovalsPage,
  },
  {
    // The integration with the exchange core (docs/decisions/0015, 0016): events in, commands out, what is kept aside.
    path: '/integration',
    title: 'Integration',
    rule: Permission.INTEGRATION,
    group: 'Settings',
    inMenu: true,
    icon: ApiOutlined,
    component: IntegrationPage,
  },
  {
    path: '/xapareport',
    title: 'Accounting Report',
    rule: [Permission.TRANSACTION_ACCOUNTING, Permission.USER_ACCOUNTING],
    group: 'Report',
    inMenu: true,
    icon: PieChartOutlined,
    component: AccountingReportPage,
  },
  {
    path: '/bonusreport',
    title: 'Bonus Report',
    rule: Permission.BONUS_REPORT,
    group: 'Report',
    inMenu: true,
    icon: DollarOutlined,
    component: BonusReportPage,
  },
  {
    path: '/exchangereport',
    title: 'Exchange Report',
    rule: Permission.TRANSACTION_EXCHANGE,
    group: 'Report',
    inMenu: true,
    icon: LineChartOutlined,
    component: ExchangeReportPage,
  },
  {
    // Reached from the user e-mails the lists show (session/UserEmailLink), which link here only for ADMIN_SHOW_USER.
    path: '/userprofile/:id',
    title: 'User Profile',
    rule: Permission.SHOW_USER,
    inMenu: false,
    icon: UserOutlined,
    component: UserProfilePage,
  },
];
