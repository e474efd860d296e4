import { Alert } from 'antd';
import { formatPrice } from '../dashboard/formatPrice';
import type { MarketPrice } from './marketPrices';

/** A price as the dashboard writes it, or why there is none. */
export function PriceText({ symbol, price }: { symbol: string; price: MarketPrice | undefined }) {
  switch (price?.state) {
    case 'shown':
      return <span aria-label={`${symbol} price`}>{formatPrice(price.close)}</span>;
    case 'loading':
      return <span className="muted">Loading…</span>;
    case 'hidden':
      return <span className="muted">Hidden</span>;
    default:
      return <span className="muted">Unavailable</span>;
  }
}

/** Says why prices are hidden, for a role without the candle cards. */
export function HiddenPricesNote({ allowed }: { allowed: boolean }) {
  if (allowed) return null;
  return (
    <Alert
      className="hidden-prices-note"
      type="info"
      showIcon
      title="Prices are hidden: they come from the dashboard's market data, which needs the ADMIN_CANDLES permission."
    />
  );
}
