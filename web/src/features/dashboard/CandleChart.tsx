import { CandlestickSeries, ColorType, createChart } from 'lightweight-charts';
import type { CandlestickData, IChartApi, ISeriesApi, UTCTimestamp } from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import type { Candle } from './candles';
import { COLORS } from './colors';

const HEIGHT = 130;

function toSeriesData(candles: readonly Candle[]): CandlestickData<UTCTimestamp>[] {
  return candles.map((c) => ({
    time: (Date.parse(`${c.day}T00:00:00Z`) / 1000) as UTCTimestamp,
    open: c.open,
    high: c.high,
    low: c.low,
    close: c.close,
    // Each candle carries its colour (colors.ts), so the drawing follows our rule, not the library's default.
    color: c.color,
    borderColor: c.color,
    wickColor: c.color,
  }));
}

/**
 * Candlesticks drawn with lightweight-charts (TradingView; attribution under the cards). A lazy chunk of its own:
 * only viewers with ADMIN_CANDLES load the library.
 */
export default function CandleChart({ candles }: { candles: readonly Candle[] }) {
  const container = useRef<HTMLDivElement>(null);
  const series = useRef<ISeriesApi<'Candlestick'> | null>(null);

  useEffect(() => {
    const element = container.current;
    if (!element) return undefined;
    const chart: IChartApi = createChart(element, {
      autoSize: true,
      height: HEIGHT,
      layout: { background: { type: ColorType.Solid, color: 'transparent' }, textColor: '#8c8c8c', attributionLogo: false },
      grid: { vertLines: { visible: false }, horzLines: { color: '#f0f0f0' } },
      rightPriceScale: { borderVisible: false },
      timeScale: { borderVisible: false, fixLeftEdge: true, fixRightEdge: true },
      handleScroll: false,
      handleScale: false,
    });
    series.current = chart.addSeries(CandlestickSeries, {
      upColor: COLORS.up,
      downColor: COLORS.down,
      wickUpColor: COLORS.up,
      wickDownColor: COLORS.down,
      borderVisible: true,
      priceLineVisible: false,
      lastValueVisible: false,
    });
    return () => {
      series.current = null;
      chart.remove();
    };
  }, []);

  useEffect(() => {
    series.current?.setData(toSeriesData(candles));
  }, [candles]);

  return <div ref={container} className="candle-chart" aria-hidden="true" data-testid="candle-chart" />;
}
