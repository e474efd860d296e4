import { ReportScreen } from '../ReportScreen';
import { EXCHANGE_COLUMNS, EXCHANGE_SORT_KEYS } from './exchangeColumns';
import { EXCHANGE_REPORT } from './exchangeReport';

/** /exchangereport (ADMIN_TRANSACTION_EXCHANGE): the customers' exchanges. The shell shows 'Exchange Report'. */
export default function ExchangeReportPage() {
  return <ReportScreen source={EXCHANGE_REPORT} columns={EXCHANGE_COLUMNS} sortKeys={EXCHANGE_SORT_KEYS} emptyText="No exchanges" />;
}
