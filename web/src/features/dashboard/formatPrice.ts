import { compareDecimals, formatRate, formatUsd } from '../../lib/decimal';

/** A coin's USD price: dollars (2 decimals) from $1 up, below that as a rate (5 decimals) so $0.1234 stays readable. */
export function formatPrice(value: string): string {
  return compareDecimals(value, '1') >= 0 ? formatUsd(value) : `$${formatRate(value)}`;
}
