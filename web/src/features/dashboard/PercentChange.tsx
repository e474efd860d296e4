import { formatDecimal, signOf } from '../../lib/decimal';
import { COLORS, percentTone } from './colors';

/** `+0.82%` green, `0.00%` orange, `-19.77%` red. */
export function PercentChange({ percent, label }: { percent: string; label: string }) {
  const tone = percentTone(percent);
  const text = `${signOf(percent) > 0 ? '+' : ''}${formatDecimal(percent, 2)}%`;
  return (
    <span className="percent-change" data-tone={tone} style={{ color: COLORS[tone] }} aria-label={`${label} ${text}`}>
      {text}
    </span>
  );
}
