import { useQuery } from '@tanstack/react-query';
import { CardTitle } from './CardTitle';
import { BarChart } from '../../components/BarChart';
import { QueryCard } from '../../components/QueryCard';
import { formatCompact, formatCount } from '../../lib/decimal';
import { registrationsQuery } from './dashboardApi';
import { Figure } from './Figure';
import { weekPoints } from './weekPoints';

/** Registered (or verified) users: the all-time count and the last 7 days. */
export function RegistrationsCard({ verified }: { verified: boolean }) {
  const title = verified ? 'Verified users' : 'Registered users';
  const query = useQuery(registrationsQuery(verified));
  return (
    <QueryCard title={<CardTitle title={title} measure={verified ? 'Customers who passed verification' : 'Customers who signed up'} />} label={title} query={query}>
      {(data) => {
        const week = data.total.map(({ day, count }) => ({ day, value: count }));
        const thisWeek = data.total.reduce((sum, { count }) => sum + count, 0);
        return (
          <>
            <Figure label={`${title}, all time`} value={formatCount(data.count)} caption={`All time; ${formatCount(thisWeek)} in the last 7 days (UTC)`} />
            <BarChart label={`${title} per day, last 7 days (UTC)`} points={weekPoints(week, formatCount, formatCompact)} />
          </>
        );
      }}
    </QueryCard>
  );
}
