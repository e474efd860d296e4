import { useQuery } from '@tanstack/react-query';
import { Suspense, useMemo } from 'react';
import { InlineRow } from '../../components/InlineRow';
import { QueryCard } from '../../components/QueryCard';
import type { CoinType } from '../../lib/coinTypes';
import { lazyComponent } from '../../lib/lazyComponent';
import { loadCandleChart } from './chartLoader';
import { formatPrice } from './formatPrice';
import { lastCandles } from './candles';
import { CandleTable } from './CandleTable';
import type { Market } from './dashboardApi';
import { marketQuery } from './dashboardApi';
import { PercentChange } from './PercentChange';

const CandleChart = lazyComponent(loadCandleChart);
// The chart's chunk (the page's largest) is fetched with the cards, not after the market data arrives.
void loadCandleChart();

function CandleBody({ symbol, market }: { symbol: string; market: Market }) {
  const candles = useMemo(() => lastCandles(market.changes), [market.changes]);
  const latest = candles[candles.length - 1];
  return (
    <>
      {latest ? (
        <div className="candle-card__price">
          <span aria-label={`${symbol} price`}>{formatPrice(latest.source.close)}</span>
          <span className="candle-card__change">
            <PercentChange label="Change on the last day" percent={latest.source.percentChange} />
            <span className="muted"> on the last day</span>
          </span>
        </div>
      ) : null}
      <Suspense fallback={<div className="candle-chart" />}>
        <CandleChart candles={candles} />
      </Suspense>
      <CandleTable symbol={symbol} candles={candles} />
    </>
  );
}

/** One coin's last 7 daily candles, its price and the last day's change. */
export function CandleCard({ coin }: { coin: CoinType }) {
  const query = useQuery(marketQuery(coin.symbol));
  const title = (
    <InlineRow gap={8}>
      <img src={coin.icon} alt="" width={20} height={20} />
      <span>{coin.name}</span>
      <span className="muted">{coin.symbol}</span>
    </InlineRow>
  );
  return (
    <QueryCard
      title={title}
      label={`${coin.symbol} candles`}
      query={query}
      isEmpty={(data) => data.changes.length === 0}
      emptyText="No market data"
    >
      {(data) => <CandleBody symbol={coin.symbol} market={data} />}
    </QueryCard>
  );
}
