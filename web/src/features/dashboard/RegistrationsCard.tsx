import { useQuery } from '@tanstack/react-query';
import { BarChart } from '../../components/BarChart';
import { QueryCard } from '../../components/QueryCard';
import { formatCount } from '../../lib/decimal';
import { registrationsQuery } from './dashboardApi';
import { Figure } from './Figure';
import { weekPoints } from './weekPoints';

/** Registered (or verified) users: the all-time count and the last 7 days. */
export function RegistrationsCard({ verified }: { verified: boolean }) {
  const title = verified ? 'Verified users' : 'Registered users';
  const query = useQuery(registrationsQuery(verified));
  return (
    <QueryCard title={title} query={query}>
      {(data) => {
        const week = data.total.map(({ day, count }) => ({ day, value: count }));
        const thisWeek = data.total.reduce((sum, { count }) => sum + count, 0);
        return (
          <>
            <Figure label={`${title} in total`} value={formatCount(data.count)} caption={`${thisWeek} in the last 7 days`} />
            <BarChart label={`${title} per day`} points={weekPoints(week, String)} />
          </>
        );
      }}
    </QueryCard>
  );
}
