import { useQuery } from '@tanstack/react-query';
import { BarChart } from '../../components/BarChart';
import { QueryCard } from '../../components/QueryCard';
import { formatCompactUsd, formatUsd } from '../../lib/decimal';
import { CardTitle } from './CardTitle';
import type { totalBalancesQuery } from './dashboardApi';
import { Figure } from './Figure';
import { weekPoints } from './weekPoints';

interface WeeklyTotalCardProps {
  title: string;
  /** What the figure adds up; the card adds its unit and period. */
  measure: string;
  /** totalBalancesQuery or revenueQuery(kind). */
  options: typeof totalBalancesQuery;
}

/** USD figures are worth at today's rates: the server values every coin amount with the coin's current rate. */
const USD_TODAY = "USD at today's rates";

/** A USD total with its last 7 days: total balances, revenue by send, revenue by exchange. */
export function WeeklyTotalCard({ title, measure, options }: WeeklyTotalCardProps) {
  const query = useQuery(options);
  return (
    <QueryCard title={<CardTitle title={title} measure={`${measure}, ${USD_TODAY}`} />} label={title} query={query}>
      {(data) => (
        <>
          <Figure label={`${title}, all time`} value={formatUsd(data.total)} caption="All time, up to now" />
          <BarChart label={`${title} per day, last 7 days (UTC)`} points={weekPoints(data.week, formatUsd, formatCompactUsd)} />
        </>
      )}
    </QueryCard>
  );
}
