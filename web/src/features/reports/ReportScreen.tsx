import { useQuery } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
import { CsvDownloadButton } from '../../components/CsvDownloadButton';
import { DateRangeFilter } from '../../components/DateRangeFilter';
import { DebouncedInput } from '../../components/DebouncedInput';
import { PagedTable } from '../../components/PagedTable';
import type { SortKey } from '../../lib/listSort';
import { sortableColumns, sortFromTable } from '../../lib/listSort';
import { useListState } from '../../lib/useListState';
import type { ReportSource } from './reportApi';
import { reportPageQuery } from './reportApi';
import { REPORT_LIST, reportCsvQuery, reportListQuery } from './reportFilters';
import './reports.css';

interface ReportScreenProps<Row> {
  source: ReportSource<Row>;
  columns: TableColumnsType<Row>;
  /** The columns whose headers sort the report, and what each sorts by. */
  sortKeys: Partial<Record<string, SortKey>>;
  emptyText: string;
}

/**
 * The bonus and exchange reports: date range (YYYY-MM-DD, presets), 'User Email'
 * filter, green CSV icon, the rows (sortable by date and amount) with a spinner while they load, and the ListPager. A filter change goes back
 * to page 1; a failed call shows an empty list, without a message.
 */
export function ReportScreen<Row extends { id: number }>({ source, columns, sortKeys, emptyText }: ReportScreenProps<Row>) {
  const { filters, page, pageSize, setFilters, setPaging } = useListState(REPORT_LIST);
  const query = useQuery(reportPageQuery(source, reportListQuery(filters, page, pageSize)));
  const reply = query.data;
  return (
    <div className="report">
      <div className="report__toolbar" role="search" aria-label="Filters">
        <DateRangeFilter dateOnly value={filters.range} onChange={(range) => setFilters({ range })} />
        <DebouncedInput
          className="report__user"
          type="search"
          aria-label="User Email"
          placeholder="User Email"
          allowClear
          value={filters.user}
          onChange={(user) => setFilters({ user })}
        />
        <CsvDownloadButton
          iconOnly
          color="green"
          download={source.csv}
          query={reportCsvQuery(filters)}
        />
      </div>
      <PagedTable<Row>
        rows={reply?.rows ?? []}
        columns={sortableColumns(columns, sortKeys, filters.sort)}
        onSort={(sorter) => setFilters({ sort: sortFromTable(sorter, sortKeys) })}
        rowKey="id"
        loading={query.isFetching}
        emptyText={emptyText}
        page={page}
        pageSize={pageSize}
        total={reply?.total ?? 0}
        onPaging={setPaging}
      />
    </div>
  );
}
