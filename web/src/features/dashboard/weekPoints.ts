import type { BarPoint } from '../../components/BarChart';
import { fromServer } from '../../lib/dates';

/** Bars for a week of `{day: 'YYYY-MM-DD', value}`: weekday under each bar, the date and value in its tooltip. */
export function weekPoints<V extends string | number>(
  week: readonly { day: string; value: V }[],
  format: (value: V) => string,
): BarPoint[] {
  return week.map(({ day, value }) => {
    const date = fromServer(day);
    return {
      label: date.format('ddd'),
      description: `${date.format('ddd YYYY-MM-DD')}: ${format(value)}`,
      value: Number(value),
    };
  });
}
