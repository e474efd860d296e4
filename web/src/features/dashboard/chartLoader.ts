import { chunkLoader } from '../../lib/lazyComponent';

/** The candle chart's chunk (lightweight-charts, the dashboard's largest): see CandleCard and app/prefetch.ts. */
export const loadCandleChart = chunkLoader(() => import('./CandleChart'));

/** Loads the chart's warm-up (chartWarmUp.ts, with the library the chart's chunk shares) and runs it. */
export function warmUpCandleChart(): Promise<void> {
  return import('./chartWarmUp').then((module) => module.warmUpCandleChart());
}
