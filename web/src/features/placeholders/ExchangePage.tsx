import { Button, Card, Col, Input, Row, Select, Space, Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import type { DummyCoin } from './dummyData';
import { coinIcon, DUMMY_COINS } from './dummyData';
import { StaticPreviewNote } from './StaticPreviewNote';
import './placeholders.css';

const columns: TableColumnsType<DummyCoin> = [
  {
    title: 'Coin',
    dataIndex: 'name',
    render: (_, coin) => (
      <Space>
        <img src={coinIcon(coin.symbol)} alt="" width={20} height={20} />
        {coin.name} <span className="muted">{coin.symbol}</span>
      </Space>
    ),
  },
  { title: 'Price ($)', dataIndex: 'price', align: 'right' },
  {
    title: '24h',
    dataIndex: 'change',
    align: 'right',
    render: (change: number) => (
      <Tag color={change > 0 ? 'green' : change < 0 ? 'red' : 'orange'}>
        {change > 0 ? '+' : ''}
        {change.toFixed(2)}%
      </Tag>
    ),
  },
];

/** /exchange: the Buy And Sell placeholder (dummy rows, buttons do nothing). */
export default function ExchangePage() {
  const options = DUMMY_COINS.map((coin) => ({ value: coin.symbol, label: coin.name }));
  return (
    <>
      <StaticPreviewNote />
      <Row gutter={[24, 24]}>
        <Col xs={24} lg={10}>
          <Card title="Buy And Sell">
            <Space orientation="vertical" size="middle" className="full-width">
              <label className="field__label" htmlFor="exchange-from">
                You pay
              </label>
              <Space.Compact className="full-width">
                <Input id="exchange-from" placeholder="0.00" inputMode="decimal" />
                <Select defaultValue="USDT" options={options} aria-label="Coin you pay" />
              </Space.Compact>
              <label className="field__label" htmlFor="exchange-to">
                You get
              </label>
              <Space.Compact className="full-width">
                <Input id="exchange-to" placeholder="0.00" inputMode="decimal" />
                <Select defaultValue="BTC" options={options} aria-label="Coin you get" />
              </Space.Compact>
              <Space>
                <Button type="primary">Buy</Button>
                <Button danger>Sell</Button>
              </Space>
            </Space>
          </Card>
        </Col>
        <Col xs={24} lg={14}>
          <Card title="Markets">
            <Table rowKey="symbol" columns={columns} dataSource={[...DUMMY_COINS]} pagination={false} size="middle" />
          </Card>
        </Col>
      </Row>
    </>
  );
}
