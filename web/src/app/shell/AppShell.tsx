import { MenuOutlined } from '@ant-design/icons';
import { Button, Drawer, Grid, Layout } from 'antd';
import { ApprovalsBadge } from '../../features/approvals/ApprovalsBadge';
import { useState } from 'react';
import { AppBreadcrumb } from './AppBreadcrumb';
import { ShellRoutes } from './ShellRoutes';
import { SideMenu } from './SideMenu';
import { UserMenu } from './UserMenu';
import './shell.css';

function Brand({ collapsed = false }: { collapsed?: boolean }) {
  return (
    <div className="app-shell__brand">
      <img src="/favicon.svg" alt="" width={28} height={28} />
      {collapsed ? null : <span>Xapa Back Office</span>}
    </div>
  );
}

/** The menu as a sidebar: collapsible, and collapsed by itself below 1200 px (a tablet's 1024 keeps the page its width). */
function MenuSider() {
  const [collapsed, setCollapsed] = useState(false);
  return (
    <Layout.Sider collapsible collapsed={collapsed} onCollapse={setCollapsed} breakpoint="xl" width={240} className="app-shell__sider">
      <Brand collapsed={collapsed} />
      <SideMenu />
    </Layout.Sider>
  );
}

/** The menu on a phone: a drawer opened from the top bar, so the page keeps the whole width. */
function MenuDrawer() {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <>
      <Button type="text" icon={<MenuOutlined />} aria-label="Open the menu" onClick={() => setOpen(true)} />
      <Drawer placement="left" open={open} onClose={close} width={260} title={<Brand />} className="app-shell__drawer">
        <SideMenu onNavigate={close} />
      </Drawer>
    </>
  );
}

/** The signed-in layout: side menu (a drawer on a phone), top bar with the approvals badge and the user, breadcrumb, the page, footer. */
export default function AppShell() {
  // Below 576 px (xs) a sidebar, even collapsed to its rail, takes a fifth of the screen.
  const phone = Grid.useBreakpoint().xs === true;
  return (
    <Layout className="app-shell">
      {phone ? null : <MenuSider />}
      <Layout>
        <Layout.Header className="app-shell__header">
          {phone ? <MenuDrawer /> : null}
          <span className="app-shell__spacer" />
          <ApprovalsBadge />
          <UserMenu />
        </Layout.Header>
        <Layout.Content className="app-shell__content">
          <AppBreadcrumb />
          {/* Layout.Content is the page's one <main>. */}
          <div className="app-shell__main">
            <ShellRoutes />
          </div>
        </Layout.Content>
        <Layout.Footer className="app-shell__footer">Xapa Back Office © {new Date().getFullYear()}</Layout.Footer>
      </Layout>
    </Layout>
  );
}
