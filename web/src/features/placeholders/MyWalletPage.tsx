import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { Button, Card, Col, Row, Space, Typography } from 'antd';
import { QrCode } from '../../components/QrCode';
import { formatCoin, formatUsd, multiplyDecimals } from '../../lib/decimal';
import { coinIcon, DUMMY_COINS, DUMMY_WALLET_ADDRESS } from './dummyData';
import type { MarketPrice } from './marketPrices';
import { useMarketPrices } from './marketPrices';
import { HiddenPricesNote, PriceText } from './PriceText';
import { StaticPreviewNote } from './StaticPreviewNote';
import './placeholders.css';

const SYMBOLS = DUMMY_COINS.map((coin) => coin.symbol);

/** A made-up balance's worth at the market price (exact decimals), or nothing while there is no price. */
function worth(balance: string, price: MarketPrice | undefined): string | null {
  return price?.state === 'shown' ? formatUsd(multiplyDecimals(balance, price.close)) : null;
}

/**
 * /mywallet: coin cards (made-up balances at the dashboard's prices), a wallet address with its scan code, Send and
 * Receive (nothing wired).
 */
export default function MyWalletPage() {
  const { allowed, prices } = useMarketPrices(SYMBOLS);
  return (
    <>
      <StaticPreviewNote />
      <HiddenPricesNote allowed={allowed} />
      <Row gutter={[16, 16]}>
        {DUMMY_COINS.map((coin) => (
          <Col key={coin.symbol} xs={24} sm={12} xl={8}>
            <Card size="small">
              <Space align="start">
                <img src={coinIcon(coin.symbol)} alt="" width={32} height={32} />
                <div>
                  <div className="coin-card__name">{coin.name}</div>
                  <div className="coin-card__balance">
                    {formatCoin(coin.balance)} {coin.symbol}
                  </div>
                  <div>
                    <span className="muted">Price </span>
                    <PriceText symbol={coin.symbol} price={prices.get(coin.symbol)} />
                  </div>
                  {worth(coin.balance, prices.get(coin.symbol)) ? (
                    <div className="muted">Worth {worth(coin.balance, prices.get(coin.symbol))}</div>
                  ) : null}
                </div>
              </Space>
            </Card>
          </Col>
        ))}
      </Row>
      <Card title="Wallet address" className="wallet-address-card">
        <Row gutter={[24, 16]} align="middle">
          <Col>
            <QrCode value={DUMMY_WALLET_ADDRESS} size={148} label="QR code of the wallet address" />
            <div className="muted wallet-address-card__caption">Scan code</div>
          </Col>
          <Col flex="auto">
            <Typography.Paragraph copyable className="wallet-address-card__address">
              {DUMMY_WALLET_ADDRESS}
            </Typography.Paragraph>
            <Space>
              <Button type="primary" icon={<ArrowUpOutlined />}>
                Send
              </Button>
              <Button icon={<ArrowDownOutlined />}>Receive</Button>
            </Space>
          </Col>
        </Row>
      </Card>
    </>
  );
}
