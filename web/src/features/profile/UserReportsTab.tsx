import { useQuery } from '@tanstack/react-query';
import { Alert, Select } from 'antd';
import { CoinFilter } from '../../components/CoinFilter';
import { CsvDownloadButton } from '../../components/CsvDownloadButton';
import { DateRangeFilter } from '../../components/DateRangeFilter';
import { ListPager } from '../../components/ListPager';
import { errorMessage } from '../../lib/api';
import { useListState } from '../../lib/useListState';
import type { TransactionColumn } from '../history/transactionColumns';
import { TransactionTable } from '../history/TransactionTable';
import { TYPE_OPTIONS } from '../history/historyFilters';
import type { TransactionType } from '../history/types';
import { downloadUserReportCsv, userReportQuery } from './profileApi';
import { USER_REPORT_LIST, userReportCsvQuery, userReportListQuery } from './userReportFilters';

const ALL = 'all';

/** History's columns without the user (it is this profile's). */
const COLUMNS: readonly TransactionColumn[] = ['date', 'coin', 'type', 'amount', 'networkFee', 'fee', 'status', 'hash', 'wallet'];

/** The user's transactions: coin, type and date-range filters, paging, CSV, status badges. */
export function UserReportsTab({ userId }: { userId: number }) {
  const { filters, page, pageSize, setFilters, setPaging } = useListState(USER_REPORT_LIST);
  const query = useQuery(userReportQuery(userId, userReportListQuery(filters, page, pageSize)));
  return (
    <>
      <div className="profile-tab__toolbar" role="search" aria-label="Report filters">
        <CoinFilter value={filters.coinType} onChange={(coinType) => setFilters({ coinType })} className="profile-tab__coin" />
        <Select
          aria-label="Type"
          className="profile-tab__type"
          value={filters.type ?? ALL}
          options={TYPE_OPTIONS}
          onChange={(type: string) => setFilters({ type: type === ALL ? undefined : (type as TransactionType) })}
        />
        <DateRangeFilter value={filters.range} onChange={(range) => setFilters({ range })} />
        <CsvDownloadButton
          download={(csv) => downloadUserReportCsv(userId, csv)}
          query={userReportCsvQuery(filters)}
        />
      </div>
      {query.isError ? <Alert type="error" showIcon title={errorMessage(query.error)} className="profile-tab__error" /> : null}
      <TransactionTable transactions={query.data?.reports ?? []} loading={query.isFetching} columns={COLUMNS} />
      <ListPager page={page} pageSize={pageSize} total={query.data?.total_items} onChange={setPaging} />
    </>
  );
}
