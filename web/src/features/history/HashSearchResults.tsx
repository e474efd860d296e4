import { useQuery } from '@tanstack/react-query';
import { Alert, Button } from 'antd';
import { errorMessage } from '../../lib/api';
import { recordCount } from '../../lib/listPage';
import { transactionSearchQuery } from './historyApi';
import { TransactionTable } from './TransactionTable';

interface HashSearchResultsProps {
  hash: string;
  onClose: () => void;
}

/** What the hash search (GET /api/admin/transactions/history/search) found, or the message of its refusal. */
export function HashSearchResults({ hash, onClose }: HashSearchResultsProps) {
  const query = useQuery(transactionSearchQuery(hash));
  const back = <Button onClick={onClose}>Back to the list</Button>;
  if (query.isError) {
    return <Alert type="error" showIcon title={errorMessage(query.error)} action={back} className="history__error" />;
  }
  const found = query.data?.transactionHistory ?? [];
  return (
    <>
      <div className="history__search-summary">
        <span>{query.isPending ? 'Searching…' : `${recordCount(query.data?.total_items ?? found.length)} for ${hash}`}</span>
        {back}
      </div>
      <TransactionTable transactions={found} loading={query.isPending} />
    </>
  );
}
