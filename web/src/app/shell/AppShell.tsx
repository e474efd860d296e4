import { Layout } from 'antd';
import { ApprovalsBadge } from '../../features/approvals/ApprovalsBadge';
import { useState } from 'react';
import { AppBreadcrumb } from './AppBreadcrumb';
import { ShellRoutes } from './ShellRoutes';
import { SideMenu } from './SideMenu';
import { UserMenu } from './UserMenu';
import './shell.css';

/**
 * The signed-in layout: collapsible side menu, top bar with the approvals badge and the user, breadcrumb, the page, footer. The menu
 * collapses by itself below 1200 px (a tablet's 1024 keeps the page its width).
 */
export default function AppShell() {
  const [collapsed, setCollapsed] = useState(false);
  return (
    <Layout className="app-shell">
      <Layout.Sider
        collapsible
        collapsed={collapsed}
        onCollapse={setCollapsed}
        breakpoint="xl"
        width={240}
        className="app-shell__sider"
      >
        <div className="app-shell__brand">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          {collapsed ? null : <span>Xapa Back Office</span>}
        </div>
        <SideMenu />
      </Layout.Sider>
      <Layout>
        <Layout.Header className="app-shell__header">
          <ApprovalsBadge />
          <UserMenu />
        </Layout.Header>
        <Layout.Content className="app-shell__content">
          <AppBreadcrumb />
          <main className="app-shell__main">
            <ShellRoutes />
          </main>
        </Layout.Content>
        <Layout.Footer className="app-shell__footer">Xapa Back Office © {new Date().getFullYear()}</Layout.Footer>
      </Layout>
    </Layout>
  );
}
