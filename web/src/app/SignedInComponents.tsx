import { DashboardOutlined, DownOutlined, UserOutlined } from '@ant-design/icons';
import {
  App,
  Badge,
  Breadcrumb,
  Button,
  Card,
  Col,
  Dropdown,
  Layout,
  Menu,
  Row,
  Table,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { AntdConfig } from './antdConfig';

const ROW = [{ id: 1, text: 'x' }];
const COLUMNS = [
  { key: 'text', title: 'Text', dataIndex: 'text' },
  { key: 'amount', title: 'Amount', align: 'right' as const, render: () => 'x' },
];

/**
 * One of each Ant Design component the shell and the dashboard render, with the props that choose their styles,
 * under the same Ant Design settings as the app (AntdConfig: the same theme and CSS variables, so the same style
 * keys). See styleWarmUp.ts. Never shown: it renders into an element outside the page.
 */
export default function SignedInComponents() {
  return (
    <AntdConfig>
      <App>
        <Layout>
          <Layout.Sider collapsible breakpoint="xl" width={240}>
            <Menu
              theme="dark"
              mode="inline"
              items={[
                { key: 'a', icon: <DashboardOutlined />, label: 'a' },
                { type: 'group', key: 'g', label: 'g', children: [{ key: 'b', icon: <DashboardOutlined />, label: 'b' }] },
              ]}
              selectedKeys={['a']}
            />
          </Layout.Sider>
          <Layout>
            <Layout.Header>
              <Dropdown trigger={['click']} menu={{ items: [{ key: 'x', label: 'x' }] }}>
                <Button type="text" icon={<UserOutlined />}>
                  <DownOutlined />
                </Button>
              </Dropdown>
            </Layout.Header>
            <Layout.Content>
              <Breadcrumb items={[{ title: 'a' }, { title: 'b' }]} />
              <Row gutter={[16, 16]}>
                <Col xs={24} sm={12} md={12} lg={12} xl={8} span={24}>
                  <Card size="small" title="x">
                    <Table
                      rowKey="id"
                      size="small"
                      columns={COLUMNS}
                      dataSource={ROW}
                      pagination={false}
                      scroll={{ x: 'max-content' }}
                    />
                    <Tooltip title="x">
                      <span>x</span>
                    </Tooltip>
                    <Badge status="success" text="x" />
                    <Tag>x</Tag>
                    <Typography.Text copyable={{ text: 'x', tooltips: ['x', 'x'] }} />
                  </Card>
                </Col>
              </Row>
            </Layout.Content>
            <Layout.Footer />
          </Layout>
        </Layout>
      </App>
    </AntdConfig>
  );
}
