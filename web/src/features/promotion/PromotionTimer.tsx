import { Tag } from 'antd';
import { formatDateTimeUtc } from '../../lib/dateDisplay';
import { formatCountdown } from './countdown';
import type { PromotionSettings } from './types';

interface PromotionTimerProps {
  settings: PromotionSettings;
  /** Milliseconds left; 0 = off. */
  remaining: number;
}

/** The countdown to the promotion's end, or that it is off. */
export function PromotionTimer({ settings, remaining }: PromotionTimerProps) {
  if (remaining <= 0) {
    return (
      <div className="promotion__timer" data-testid="promotion-timer">
        <Tag>Off</Tag>
        <span>The promotion is off.</span>
      </div>
    );
  }
  const started = settings.timer.isStart;
  return (
    <div className="promotion__timer" data-testid="promotion-timer">
      <Tag color={started ? 'green' : 'blue'}>{started ? 'Running' : 'Scheduled'}</Tag>
      {started ? null : <span>Starts {formatDateTimeUtc(settings.range.start_date)};</span>}
      <span>Ends in</span>
      <span role="timer" aria-label="Time left" className="promotion__countdown">
        {formatCountdown(remaining)}
      </span>
    </div>
  );
}
