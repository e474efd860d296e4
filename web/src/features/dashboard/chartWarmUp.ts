import { CandlestickSeries, createChart } from 'lightweight-charts';
import type { UTCTimestamp } from 'lightweight-charts';
import { CHART_OPTIONS, SERIES_OPTIONS } from './chartOptions';
import './dashboard.css';

/** How long the warm-up chart stays: a few frames are drawn in that time. */
const KEPT_MS = 500;
const DAY_S = 86_400;

/**
 * Draws one candle chart off the page (outside the viewport, hidden from assistive technologies) and removes it:
 * the browser compiles the library's drawing code then, while the sign-in code is typed, instead of during the
 * dashboard's first paint, where the first chart took several times as long as the next ones.
 */
export function warmUpCandleChart(): void {
  // Nothing to warm where nothing is drawn (no canvas: the unit tests' jsdom).
  if (!document.createElement('canvas').getContext('2d')) return;
  const element = document.createElement('div');
  element.className = 'chart-warm-up';
  element.setAttribute('aria-hidden', 'true');
  document.body.append(element);
  const chart = createChart(element, { ...CHART_OPTIONS, autoSize: false, width: 300 });
  const series = chart.addSeries(CandlestickSeries, SERIES_OPTIONS);
  series.setData(
    [1, 3, 2, 4, 3, 5, 4].map((value, day) => ({
      time: (day * DAY_S) as UTCTimestamp,
      open: value,
      high: value + 1,
      low: value - 1,
      close: value + (day % 2 ? -0.5 : 0.5),
    })),
  );
  chart.timeScale().fitContent();
  setTimeout(() => {
    chart.remove();
    element.remove();
  }, KEPT_MS);
}
