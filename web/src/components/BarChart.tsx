import './BarChart.css';

export interface BarPoint {
  /** Under the bar, e.g. "Mon 16". */
  label: string;
  /** Over the bar, short: "$12.3K", "0". A zero day shows its 0, so it never looks like a missing day. */
  valueLabel: string;
  /** In the tooltip and the accessible description, e.g. "Mon 2026-11-16: $632.01". */
  description: string;
  value: number;
}

const WIDTH = 280;
const HEIGHT = 124;
const AXIS = 18;
/** Room over the tallest bar for its value. */
const TOP = 16;

/**
 * A small bar chart as plain SVG (no chart library): weekly widgets. Heights are relative to the largest value;
 * each bar carries its value over it and its exact value as a tooltip, and the whole chart one text for screen
 * readers.
 */
export function BarChart({ points, label }: { points: BarPoint[]; label: string }) {
  const max = Math.max(0, ...points.map((p) => p.value));
  const slot = WIDTH / Math.max(points.length, 1);
  const barWidth = Math.min(28, slot * 0.6);
  const plot = HEIGHT - AXIS - TOP;
  return (
    <svg
      className="bar-chart"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={`${label}: ${points.map((p) => p.description).join(', ')}`}
    >
      <line className="bar-chart__axis" x1={0} x2={WIDTH} y1={HEIGHT - AXIS} y2={HEIGHT - AXIS} />
      {points.map((point, i) => {
        const h = max > 0 ? Math.max((point.value / max) * plot, point.value > 0 ? 1 : 0) : 0;
        const x = i * slot + (slot - barWidth) / 2;
        const middle = i * slot + slot / 2;
        return (
          <g key={`${i}-${point.label}`} className="bar-chart__bar" data-value={point.value}>
            <title>{point.description}</title>
            {/* The whole slot answers the pointer, so a short or zero bar still shows its tooltip. */}
            <rect className="bar-chart__slot" x={i * slot} y={0} width={slot} height={HEIGHT - AXIS} />
            <rect x={x} y={HEIGHT - AXIS - h} width={barWidth} height={h} rx={2} />
            <text className="bar-chart__value" x={middle} y={HEIGHT - AXIS - h - 4} textAnchor="middle">
              {point.valueLabel}
            </text>
            <text x={middle} y={HEIGHT - 4} textAnchor="middle">
              {point.label}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
