import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { GetQuery } from '../../lib/apiTypes';

/** The query both reports take (`GET /api/admin/exchange/history` and `/api/admin/wallets/report`, and their CSV). */
export type ReportQuery = GetQuery<'/api/admin/exchange/history'> & GetQuery<'/api/admin/wallets/report'>;

/** A page of a report: its rows and how many there are in all. */
export interface ReportPage<Row> {
  rows: Row[];
  total: number;
}

/** A paginated report: its list call and its CSV export (`${path}/CSV`), each typed by its own documented path. */
export interface ReportSource<Row> {
  /** Query key part. */
  name: string;
  page: (query: ReportQuery, signal: AbortSignal) => Promise<ReportPage<Row>>;
  /** Saves the report's CSV for `query` (no paging); resolves to the file name. */
  csv: (query: ReportQuery) => Promise<string>;
}

/** One page of a report. No retry message, no error text: on a failure the screens show an empty list. */
export function reportPageQuery<Row>(source: ReportSource<Row>, query: ReportQuery) {
  return queryOptions({
    queryKey: ['reports', source.name, query],
    queryFn: ({ signal }) => source.page(query, signal),
    placeholderData: keepPreviousData,
  });
}
