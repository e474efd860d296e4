import { useQuery } from '@tanstack/react-query';
import { Alert, Col, Row } from 'antd';
import { PageSpinner } from '../../components/PageSpinner';
import { errorMessage } from '../../lib/api';
import { coinTypesQuery } from '../../lib/coinTypes';
import { CandleCard } from './CandleCard';
import { candleCoins } from './dashboardApi';

/** The four candle cards, then the chart library's attribution. */
export function CandleCards() {
  const coins = useQuery(coinTypesQuery(false));
  if (coins.isPending) return <PageSpinner label="Loading coins" />;
  if (coins.isError) return <Alert type="error" showIcon title={errorMessage(coins.error)} />;
  const shown = candleCoins(coins.data);
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
