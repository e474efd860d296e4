import { useQuery } from '@tanstack/react-query';
import { Alert, Col, Row } from 'antd';
import { PageSpinner } from '../../components/PageSpinner';
import { errorMessage } from '../../lib/api';
import { coinTypesQuery } from '../../lib/coinTypes';
import { CandleCard } from './CandleCard';

/** The candle cards show the first four chain coins (product-spec.md section 9). */
export const CANDLE_COINS = 4;

/** The four candle cards, then the chart library's attribution. */
export function CandleCards() {
  const coins = useQuery(coinTypesQuery(false));
  if (coins.isPending) return <PageSpinner label="Loading coins" />;
  if (coins.isError) return <Alert type="error" showIcon title={errorMessage(coins.error)} />;
  const shown = coins.data.filter((coin) => coin.type === 'coin').slice(0, CANDLE_COINS);
  return (
    <>
      <Row gutter={[16, 16]}>
        {shown.map((coin) => (
          <Col key={coin.id} xs={24} sm={12} xl={6}>
            <CandleCard coin={coin} />
          </Col>
        ))}
      </Row>
      <p className="candle-attribution muted">
        Charts by{' '}
        <a href="https://www.tradingview.com/" target="_blank" rel="noopener noreferrer">
          TradingView
        </a>{' '}
        Lightweight Charts™
      </p>
    </>
  );
}
