import { ColorType } from 'lightweight-charts';
import type { CandlestickSeriesPartialOptions, ChartOptions, DeepPartial } from 'lightweight-charts';
import { COLORS } from './colors';
import { formatPrice } from './formatPrice';

/** The candle chart's settings (CandleChart.tsx), shared with its warm-up at the sign-in code step (chartWarmUp.ts). */
export const CHART_OPTIONS: DeepPartial<ChartOptions> = {
  autoSize: true,
  height: 130,
  layout: { background: { type: ColorType.Solid, color: 'transparent' }, textColor: '#595959', attributionLogo: false },
  grid: { vertLines: { visible: false }, horzLines: { color: '#f0f0f0' } },
  // Labels at the top and bottom edges are drawn only when they fit whole ("0.11" was cut in half), and the
  // candles keep off the edges.
  rightPriceScale: { borderVisible: false, entireTextOnly: true, scaleMargins: { top: 0.12, bottom: 0.12 } },
  // The library shows a day label only where its spacing allows (two of seven in a card): the days are an
  // HTML row under the chart instead (CandleDays), one per candle.
  timeScale: {
    borderVisible: false,
    fixLeftEdge: true,
    fixRightEdge: true,
    // Kept (the plot's width and the fitting of the candles depend on it) but without text: the days are
    // labelled by CandleDays.
    tickMarkFormatter: () => '',
  },
  handleScroll: false,
  handleScale: false,
};

export const SERIES_OPTIONS: CandlestickSeriesPartialOptions = {
  upColor: COLORS.up,
  downColor: COLORS.down,
  wickUpColor: COLORS.up,
  wickDownColor: COLORS.down,
  borderVisible: true,
  priceLineVisible: false,
  lastValueVisible: false,
  // The price scale reads as the card's price does: "$65,432.10", "$0.12340".
  priceFormat: { type: 'custom', minMove: 0.00000001, formatter: (price: number) => formatPrice(price.toFixed(price >= 1 ? 2 : 8)) },
};
