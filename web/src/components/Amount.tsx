import { formatAmount } from '../lib/decimal';
import './Amount.css';

export interface AmountProps {
  /** The exact decimal string the server sent. */
  value: string;
  /** The coin's precision (its decimals). */
  decimals: number;
  symbol: string;
}

/**
 * A coin amount to its coin's precision with its unit, never wrapped; the exact value in the tooltip (the CSV has
 * it too).
 */
export function Amount({ value, decimals, symbol }: AmountProps) {
  return (
    <span className="amount" title={`${value} ${symbol}`}>
      {formatAmount(value, decimals)} {symbol}
    </span>
  );
}
