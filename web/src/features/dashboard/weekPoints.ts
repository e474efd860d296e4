import type { BarPoint } from '../../components/BarChart';
import { fromServer } from '../../lib/dates';

/**
 * Bars for a week of `{day: 'YYYY-MM-DD', value}`: the weekday and day of the month under each bar, a short value
 * over it, the date and exact value in its tooltip.
 */
export function weekPoints<V extends string | number>(
  week: readonly { day: string; value: V }[],
  format: (value: V) => string,
  short: (value: V) => string,
): BarPoint[] {
  return week.map(({ day, value }) => {
    const date = fromServer(day);
    return {
      label: date.format('ddd D'),
      valueLabel: short(value),
      description: `${date.format('ddd YYYY-MM-DD')}: ${format(value)}`,
      value: Number(value),
    };
  });
}
