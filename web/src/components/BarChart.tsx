import './BarChart.css';

export interface BarPoint {
  /** Under the bar, e.g. "Mon". */
  label: string;
  /** In the tooltip and the accessible description, e.g. "Mon 16-11-2026: $632.01". */
  description: string;
  value: number;
}

const WIDTH = 280;
const HEIGHT = 110;
const AXIS = 18;
const TOP = 6;

/**
 * A small bar chart as plain SVG (no chart library): weekly widgets. Heights are relative to the largest value;
 * each bar has its description as a tooltip, and the whole chart one for screen readers.
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
        return (
          <g key={`${i}-${point.label}`} className="bar-chart__bar" data-value={point.value}>
            <title>{point.description}</title>
            <rect x={x} y={HEIGHT - AXIS - h} width={barWidth} height={h} rx={2} />
            <text x={i * slot + slot / 2} y={HEIGHT - 4} textAnchor="middle">
              {point.label}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
