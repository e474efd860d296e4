import { CheckCircleOutlined, CloseCircleOutlined, ExclamationCircleOutlined } from '@ant-design/icons';
import type { BalanceTone } from './colors';
import { BALANCE_TONE_NAMES, BALANCE_TONE_RULES, COLORS } from './colors';

const ICONS = { blue: CheckCircleOutlined, orange: ExclamationCircleOutlined, red: CloseCircleOutlined } as const;

/** A shape per colour, so the colour is never the only cue (a tick, an exclamation mark, a cross). */
export function BalanceToneIcon({ tone }: { tone: BalanceTone }) {
  const Icon = ICONS[tone];
  return <Icon className="balance-tone-icon" style={{ color: COLORS[tone] }} aria-label={BALANCE_TONE_NAMES[tone]} role="img" />;
}

const TONES: readonly BalanceTone[] = ['blue', 'orange', 'red'];

/** What the company balance colours mean, under the card's list. */
export function BalanceLegend() {
  return (
    <ul className="balance-legend" aria-label="Company balance colours">
      {TONES.map((tone) => (
        <li key={tone}>
          <BalanceToneIcon tone={tone} />
          <strong>{BALANCE_TONE_NAMES[tone]}</strong>: {BALANCE_TONE_RULES[tone]}
        </li>
      ))}
    </ul>
  );
}
