import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Query } from '../../lib/api';
import { apiDownload, apiGet } from '../../lib/api';
import type { ApiCsvListPath } from '../../lib/apiTypes';
import type { ListReply } from '../../lib/listPage';

/** A paginated report: its list call, the key of the list in the reply, and its CSV at `${path}/CSV`. */
export interface ReportSource<K extends string> {
  /** Query key part. */
  name: string;
  /** A documented list path that also has its CSV at `${path}/CSV`. */
  path: ApiCsvListPath;
  listKey: K;
}

/** One page of a report. No retry message, no error text: on a failure the screens show an empty list. */
export function reportPageQuery<K extends string, Row>(source: ReportSource<K>, query: Query) {
  return queryOptions({
    queryKey: ['reports', source.name, query],
    queryFn: ({ signal }) => apiGet<ListReply<K, Row>>(source.path, query, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Saves the report's CSV for `query` (no paging); resolves to the file name. */
export function downloadReportCsv(source: ReportSource<string>, query: Query): Promise<string> {
  return apiDownload(`${source.path}/CSV`, query);
}
