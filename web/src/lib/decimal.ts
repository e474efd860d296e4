/**
 * Exact decimal helpers for the money strings the server sends (amounts are decimal strings, never floats:
 * docs/decisions/0001-storage.md). Display: coin amounts to their coin's precision, dollars 2 decimals, rates 5
 * significant digits (as the server's formatted fields: internal/money).
 */

/** A decimal as an integer and a scale: `12.5` is {units: 125n, scale: 1}. */
interface Scaled {
  units: bigint;
  scale: number;
}

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/;

function parse(value: string): Scaled {
  const match = DECIMAL.exec(value.trim());
  if (!match || (match[2] === '' && !match[3])) throw new Error(`Not a decimal: "${value}"`);
  const [, sign, whole, fraction = ''] = match;
  const units = BigInt(`${whole || '0'}${fraction}`);
  return { units: sign === '-' ? -units : units, scale: fraction.length };
}

function rescale(a: Scaled, scale: number): bigint {
  return a.units * 10n ** BigInt(scale - a.scale);
}

/** -1, 0 or 1 as a < b, a = b, a > b. */
export function compareDecimals(a: string, b: string): -1 | 0 | 1 {
  const x = parse(a);
  const y = parse(b);
  const scale = Math.max(x.scale, y.scale);
  const diff = rescale(x, scale) - rescale(y, scale);
  return diff === 0n ? 0 : diff < 0n ? -1 : 1;
}

/** Whether factor × a ≥ b, exactly. */
export function timesIsAtLeast(factor: string, a: string, b: string): boolean {
  const f = parse(factor);
  const x = parse(a);
  const product: Scaled = { units: f.units * x.units, scale: f.scale + x.scale };
  const y = parse(b);
  const scale = Math.max(product.scale, y.scale);
  return rescale(product, scale) >= rescale(y, scale);
}

/** a × b, exactly, as a plain decimal string: `1.5` × `0.25` → `0.375`. */
export function multiplyDecimals(a: string, b: string): string {
  const x = parse(a);
  const y = parse(b);
  const units = x.units * y.units;
  const scale = x.scale + y.scale;
  const digits = (units < 0n ? -units : units).toString().padStart(scale + 1, '0');
  const point = digits.length - scale;
  return `${units < 0n ? '-' : ''}${digits.slice(0, point)}${scale > 0 ? `.${digits.slice(point)}` : ''}`;
}

/** The sign of a decimal string. */
export function signOf(value: string): -1 | 0 | 1 {
  return compareDecimals(value, '0');
}

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** `value` rounded half away from zero to `decimals` places, with thousands separators: `1234.5` → `1,234.50`. */
export function formatDecimal(value: string, decimals: number): string {
  const { units, scale } = parse(value);
  let scaled: bigint;
  if (scale <= decimals) {
    scaled = units * 10n ** BigInt(decimals - scale);
  } else {
    const divisor = 10n ** BigInt(scale - decimals);
    const magnitude = units < 0n ? -units : units;
    const rounded = (magnitude + divisor / 2n) / divisor;
    scaled = units < 0n ? -rounded : rounded;
  }
  const negative = scaled < 0n;
  const digits = (negative ? -scaled : scaled).toString().padStart(decimals + 1, '0');
  const whole = groupThousands(digits.slice(0, digits.length - decimals));
  const fraction = decimals > 0 ? `.${digits.slice(digits.length - decimals)}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

/**
 * A count with thousands separators, `1234567` → `1,234,567`: what `toLocaleString('en-US')` writes for a whole
 * number, without the number formatter that call sets up first (about 50 ms of the dashboard's first render).
 */
export function formatCount(count: number): string {
  return Number.isSafeInteger(count) ? formatDecimal(String(count), 0) : count.toLocaleString('en-US');
}

/** A coin amount: 6 decimals. */
export function formatCoin(value: string): string {
  return formatDecimal(value, 6);
}

const COMPACT_STEPS: [number, string][] = [
  [1e9, 'B'],
  [1e6, 'M'],
  [1e3, 'K'],
];

/**
 * A number in at most four characters and a suffix, for a chart's labels: `632.4` → `632`, `12345` → `12.3K`,
 * `4930000` → `4.9M`. Charts only: the exact value is always one hover away.
 */
export function formatCompact(value: number): string {
  const sign = value < 0 ? '-' : '';
  const size = Math.abs(value);
  for (const [step, suffix] of COMPACT_STEPS) {
    if (size >= step) return `${sign}${Number((size / step).toFixed(1))}${suffix}`;
  }
  return `${sign}${Math.round(size)}`;
}

/** A dollar amount for a chart's labels: `$12.3K` (formatCompact). */
export function formatCompactUsd(value: string): string {
  const text = formatCompact(Number(value));
  return text.startsWith('-') ? `-$${text.slice(1)}` : `$${text}`;
}

/** A dollar amount: `$1,234.50` (2 decimals). */
export function formatUsd(value: string): string {
  const text = formatDecimal(value, 2);
  return text.startsWith('-') ? `-$${text.slice(1)}` : `$${text}`;
}

/** How many significant digits a rate shows (internal/money.RateDigits). */
const RATE_DIGITS = 5;

/**
 * A rate with 5 significant digits, trailing zeros kept, the whole part never rounded: `0.000001837` →
 * `0.0000018370`, `65432.1` → `65,432`.
 */
export function formatRate(value: string): string {
  const { units, scale } = parse(value);
  if (units === 0n) return formatDecimal(value, RATE_DIGITS - 1);
  // The leading digit stands at 10^lead.
  const lead = (units < 0n ? -units : units).toString().length - scale - 1;
  return formatDecimal(value, Math.max(0, RATE_DIGITS - 1 - lead));
}

/**
 * A coin amount to the coin's precision, trailing zeros trimmed, with thousands separators: `2825.03192100`
 * (6 decimals) → `2,825.031921`, `1.50000000` → `1.5`.
 */
export function formatAmount(value: string, decimals: number): string {
  const text = formatDecimal(value, decimals);
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}
