import { useQuery } from '@tanstack/react-query';
import { BarChart } from '../../components/BarChart';
import { QueryCard } from '../../components/QueryCard';
import { formatUsd } from '../../lib/decimal';
import type { totalBalancesQuery } from './dashboardApi';
import { Figure } from './Figure';
import { weekPoints } from './weekPoints';

interface WeeklyTotalCardProps {
  title: string;
  /** totalBalancesQuery or revenueQuery(kind). */
  options: typeof totalBalancesQuery;
}

/** A USD total with its last 7 days: total balances, revenue by send, revenue by exchange. */
export function WeeklyTotalCard({ title, options }: WeeklyTotalCardProps) {
  const query = useQuery(options);
  return (
    <QueryCard title={title} query={query}>
      {(data) => (
        <>
          <Figure label={`${title} in total`} value={formatUsd(data.total)} caption="in total" />
          <BarChart label={`${title} per day`} points={weekPoints(data.week, formatUsd)} />
        </>
      )}
    </QueryCard>
  );
}
