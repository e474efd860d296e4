import { formatUsd } from '../../lib/decimal';
import type { BalanceTone } from './colors';
import { COLORS } from './colors';
import type { BalanceItem } from './dashboardApi';

interface BalanceListProps {
  items: BalanceItem[];
  /** The colour of a coin's balance (the company card), if any. */
  toneOf?: (item: BalanceItem) => BalanceTone;
  /** How a coin is named (e.g. "USDT (TRX)"); default its symbol. */
  coinLabel?: (item: BalanceItem) => string;
  label: string;
}

/** One line per coin: icon, symbol, balance (6 decimals, as the server formats it) and its USD value. */
export function BalanceList({ items, toneOf, coinLabel = (item) => item.symbol, label }: BalanceListProps) {
  return (
    <ul className="balance-list" aria-label={label}>
      {items.map((item) => {
        const tone = toneOf?.(item);
        const coin = coinLabel(item);
        return (
          <li key={item.coin_id} className="balance-list__item" data-coin-id={item.coin_id} data-tone={tone}>
            <img src={item.icon} alt="" width={20} height={20} />
            <span className="balance-list__coin" title={item.name}>
              {coin}
            </span>
            <span
              className="balance-list__amount"
              style={tone ? { color: COLORS[tone] } : undefined}
              aria-label={`${coin} balance`}
            >
              {item.formatted_balance}
            </span>
            <span className="balance-list__usd muted">{formatUsd(item.usd_value)}</span>
          </li>
        );
      })}
    </ul>
  );
}
