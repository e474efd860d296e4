import { Button, Card, Col, Input, Row, Select, Space, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import { PercentChange } from '../dashboard/PercentChange';
import type { DummyCoin } from './dummyData';
import { coinIcon, DUMMY_COINS } from './dummyData';
import type { MarketPrice } from './marketPrices';
import { useMarketPrices } from './marketPrices';
import { HiddenPricesNote, PriceText } from './PriceText';
import { StaticPreviewNote } from './StaticPreviewNote';
import './placeholders.css';

const SYMBOLS = DUMMY_COINS.map((coin) => coin.symbol);

function columns(prices: Map<string, MarketPrice>): TableColumnsType<DummyCoin> {
  return [
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
    {
      title: 'Price',
      key: 'price',
      align: 'right',
      render: (_, coin) => <PriceText symbol={coin.symbol} price={prices.get(coin.symbol)} />,
    },
    {
      title: 'Last day',
      key: 'change',
      align: 'right',
      render: (_, coin) => {
        const price = prices.get(coin.symbol);
        return price?.state === 'shown' ? (
          <PercentChange label={`${coin.symbol} change on the last day`} percent={price.percentChange} />
        ) : null;
      },
    },
  ];
}

/** /exchange: the Buy And Sell placeholder (dummy rows, buttons do nothing) with the dashboard's prices. */
export default function ExchangePage() {
  const options = DUMMY_COINS.map((coin) => ({ value: coin.symbol, label: coin.name }));
  const { allowed, prices } = useMarketPrices(SYMBOLS);
  return (
    <>
      <StaticPreviewNote />
      <HiddenPricesNote allowed={allowed} />
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
            <Table rowKey="symbol" columns={columns(prices)} dataSource={[...DUMMY_COINS]} pagination={false} size="middle" />
          </Card>
        </Col>
      </Row>
    </>
  );
}
