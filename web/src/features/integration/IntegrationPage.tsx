import { useQuery } from '@tanstack/react-query';
import { QueryCard } from '../../components/QueryCard';
import { CommandsCard } from './CommandsCard';
import { CommandsOutSummary, EventsInSummary } from './FlowSummary';
import { summaryQuery } from './integrationApi';
import { LettersCard } from './LettersCard';
import './integration.css';

/**
 * /integration (ADMIN_INTEGRATION): whether data flows both ways between the exchange core and the back office. Events
 * in: per source the newest event and its age, the last hour by status, the events kept aside (read, retry, or discard
 * with a reason). Commands out: how many wait, fail or were rejected, each readable. The figures refresh every 10 s.
 */
export default function IntegrationPage() {
  const summary = useQuery(summaryQuery);
  return (
    <div className="integration">
      <QueryCard title="Events from the core" query={summary}>
        {(s) => <EventsInSummary summary={s} />}
      </QueryCard>
      <LettersCard />
      <CommandsCard summary={summary.data ? <CommandsOutSummary summary={summary.data} /> : null} />
    </div>
  );
}
