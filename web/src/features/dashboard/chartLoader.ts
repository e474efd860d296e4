import { chunkLoader } from '../../lib/lazyComponent';

/** The candle chart's chunk (lightweight-charts, the dashboard's largest): see CandleCard and app/prefetch.ts. */
export const loadCandleChart = chunkLoader(() => import('./CandleChart'));
