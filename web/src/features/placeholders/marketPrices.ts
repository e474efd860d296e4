import { useQueries } from '@tanstack/react-query';
import { Permission } from '../../lib/permissions';
import { marketQuery } from '../dashboard/dashboardApi';
import { useCan } from '../session/useCan';

/** A coin's price on the preview pages: the close of its newest daily candle, as the dashboard's candle card shows. */
export type MarketPrice =
  | { state: 'hidden' }
  | { state: 'loading' }
  | { state: 'unavailable' }
  | { state: 'shown'; close: string; percentChange: string };

/**
 * The prices of `symbols` from the dashboard's own call and cache (GET /api/coins/markets/{symbol}), so the preview
 * pages never show another price than the dashboard. That call needs ADMIN_CANDLES: without it, prices are hidden.
 */
export function useMarketPrices(symbols: readonly string[]): { allowed: boolean; prices: Map<string, MarketPrice> } {
  const allowed = useCan(Permission.CANDLES);
  const queries = useQueries({ queries: symbols.map((symbol) => ({ ...marketQuery(symbol), enabled: allowed })) });
  const prices = new Map<string, MarketPrice>();
  symbols.forEach((symbol, i) => {
    const query = queries[i];
    const latest = query.data?.changes.at(-1);
    let price: MarketPrice;
    if (!allowed) price = { state: 'hidden' };
    else if (latest) price = { state: 'shown', close: latest.close, percentChange: latest.percentChange };
    else if (query.isPending) price = { state: 'loading' };
    else price = { state: 'unavailable' };
    prices.set(symbol, price);
  });
  return { allowed, prices };
}
