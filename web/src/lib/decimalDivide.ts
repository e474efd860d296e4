/**
 * Exact division of the decimal strings the server sends (amounts are never floats), e.g. a USD
 * amount in a coin at the coin's fiat rate. Round the result for display with `formatDecimal` (decimal.ts).
 */

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/;

function toUnits(value: string): { units: bigint; scale: number } | null {
  const match = DECIMAL.exec(value.trim());
  if (!match || (match[2] === '' && !match[3])) return null;
  const [, sign, whole, fraction = ''] = match;
  const units = BigInt(`${whole || '0'}${fraction}`);
  return { units: sign === '-' ? -units : units, scale: fraction.length };
}

/**
 * `dividend ÷ divisor` truncated toward zero to `scale` decimals, as a plain decimal string (`'0.0008921'`); null when
 * either is not a decimal or the divisor is zero. Truncating (then rounding once with formatDecimal to fewer
 * decimals) rounds exactly like rounding the true quotient. `rounding: 'up'` rounds towards +∞ instead, so a ratio
 * just above a threshold never shows as the threshold itself.
 */
export function divideDecimals(
  dividend: string,
  divisor: string,
  scale: number,
  rounding: 'truncate' | 'up' = 'truncate',
): string | null {
  const a = toUnits(dividend);
  const b = toUnits(divisor);
  if (!a || !b || b.units === 0n) return null;
  let numerator = a.units * 10n ** BigInt(b.scale + scale);
  let denominator = b.units * 10n ** BigInt(a.scale);
  if (denominator < 0n) {
    numerator = -numerator;
    denominator = -denominator;
  }
  let quotient = numerator / denominator;
  if (rounding === 'up' && numerator > 0n && numerator % denominator !== 0n) quotient += 1n;
  const negative = quotient < 0n;
  const digits = (negative ? -quotient : quotient).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = scale > 0 ? `.${digits.slice(digits.length - scale)}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}
