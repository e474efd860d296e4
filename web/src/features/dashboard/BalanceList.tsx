import { Tooltip } from 'antd';
import { formatUsd } from '../../lib/decimal';
import { BalanceToneIcon } from './BalanceLegend';
import type { BalanceTone } from './colors';
import { COLORS } from './colors';
import type { BalanceItem } from './dashboardApi';

interface BalanceListProps {
  items: BalanceItem[];
  /** The colour of a coin's balance (the company card), if any. */
  toneOf?: (item: BalanceItem) => BalanceTone;
  /** The tooltip of a coloured balance: its colour's rule and the actual figures. */
  explainTone?: (item: BalanceItem) => string;
  /** How a coin is named (e.g. "USDT (TRX)"); default its symbol. */
  coinLabel?: (item: BalanceItem) => string;
  label: string;
}

/**
 * One line per coin: icon, symbol, balance (6 decimals, as the server formats it) and its USD value. A coloured balance
 * also has its colour's shape and a tooltip (on hover and keyboard focus).
 */
export function BalanceList({ items, toneOf, explainTone, coinLabel = (item) => item.symbol, label }: BalanceListProps) {
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
            {tone ? (
              <Tooltip title={explainTone?.(item)} trigger={['hover', 'focus']}>
                <span className="balance-list__toned" tabIndex={0}>
                  <BalanceToneIcon tone={tone} />
                  <span className="balance-list__amount" style={{ color: COLORS[tone] }} aria-label={`${coin} balance`}>
                    {item.formatted_balance}
                  </span>
                </span>
              </Tooltip>
            ) : (
              <span className="balance-list__amount" aria-label={`${coin} balance`}>
                {item.formatted_balance}
              </span>
            )}
            <span className="balance-list__usd muted">{formatUsd(item.usd_value)}</span>
          </li>
        );
      })}
    </ul>
  );
}
