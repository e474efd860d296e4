import { CandlestickSeries, createChart } from 'lightweight-charts';
import type { CandlestickData, IChartApi, ISeriesApi, UTCTimestamp } from 'lightweight-charts';
import { useEffect, useRef, useState } from 'react';
import type { Candle } from './candles';
import { candleDayLabel } from './candles';
import { CHART_OPTIONS, SERIES_OPTIONS } from './chartOptions';

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
  const chart = useRef<IChartApi | null>(null);
  const series = useRef<ISeriesApi<'Candlestick'> | null>(null);
  const [plotWidth, setPlotWidth] = useState(0);

  useEffect(() => {
    const element = container.current;
    if (!element) return undefined;
    const created: IChartApi = createChart(element, CHART_OPTIONS);
    chart.current = created;
    // The card's width arrives after the chart is made (autoSize): fit the candles to each new width of the plot,
    // and give the day labels that width.
    const fit = (width: number) => {
      created.timeScale().fitContent();
      setPlotWidth(width);
    };
    created.timeScale().subscribeSizeChange(fit);
    series.current = created.addSeries(CandlestickSeries, SERIES_OPTIONS);
    return () => {
      created.timeScale().unsubscribeSizeChange(fit);
      series.current = null;
      chart.current = null;
      created.remove();
    };
  }, []);

  useEffect(() => {
    series.current?.setData(toSeriesData(candles));
    const current = chart.current;
    if (!current) return undefined;
    // After the browser has laid the card out, the plot has its width.
    const frame = requestAnimationFrame(() => {
      current.timeScale().fitContent();
      setPlotWidth(current.timeScale().width());
    });
    return () => cancelAnimationFrame(frame);
  }, [candles]);

  return (
    <div aria-hidden="true">
      <div ref={container} className="candle-chart" data-testid="candle-chart" />
      <CandleDays candles={candles} width={plotWidth} />
    </div>
  );
}

/**
 * One label per candle (candleDayLabel) under the chart. With the content fitted to the plot, the library
 * gives each candle an equal slot across it, so a row of equal columns as wide as the plot (the price scale left
 * out) puts each label under its candle.
 */
function CandleDays({ candles, width }: { candles: readonly Candle[]; width: number }) {
  return (
    <div className="candle-days" data-testid="candle-days" style={width > 0 ? { width } : undefined}>
      {candles.map((c, i) => (
        <span key={c.day}>{candleDayLabel(c.day, i === 0)}</span>
      ))}
    </div>
  );
}
