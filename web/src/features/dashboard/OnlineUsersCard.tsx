import { useQuery } from '@tanstack/react-query';
import { QueryCard } from '../../components/QueryCard';
import { formatCount } from '../../lib/decimal';
import { onlineUsersQuery } from './dashboardApi';
import { CardTitle } from './CardTitle';
import { Figure } from './Figure';

/** Users seen in the last 2 minutes. */
export function OnlineUsersCard() {
  const query = useQuery(onlineUsersQuery);
  return (
    <QueryCard title={<CardTitle title="Online users" measure="Staff and customers, now" />} label="Online users" query={query}>
      {(data) => (
        <Figure label="Online users now" value={formatCount(data.total.count)} caption="seen in the last 2 minutes" />
      )}
    </QueryCard>
  );
}
