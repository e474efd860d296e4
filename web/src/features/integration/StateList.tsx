import { Alert, Segmented } from 'antd';
import type { TableColumnsType } from 'antd';
import { PagedTable } from '../../components/PagedTable';
import { errorMessage } from '../../lib/api';
import type { StatePage } from './useStatePage';

interface StateListProps<Row, S extends string> {
  /** What the list holds, for the filter's label ("Which commands"). */
  what: string;
  states: { label: string; value: S }[];
  page: StatePage<S>;
  rows: readonly Row[] | undefined;
  total: number | undefined;
  error: unknown;
  loading: boolean;
  columns: TableColumnsType<Row>;
  emptyText: string;
  /** A row opened: the event or command as it went, and its label. */
  body: (row: Row) => { text: string; label: string };
}

/** A list of the Integration screen: a filter by state, a failed call's message, and the page, each row openable. */
export function StateList<Row extends { id: number | string }, S extends string>({
  what, states, page, rows, total, error, loading, columns, emptyText, body,
}: StateListProps<Row, S>) {
  return (
    <>
      <Segmented<S> options={states} value={page.state} onChange={page.choose} aria-label={`Which ${what}`} className="integration__filter" />
      {error ? <Alert type="error" showIcon title={errorMessage(error)} /> : null}
      <PagedTable<Row>
        rows={rows ?? []}
        columns={columns}
        rowKey="id"
        loading={loading}
        emptyText={emptyText}
        page={page.paging.page}
        pageSize={page.paging.pageSize}
        total={total ?? 0}
        onPaging={(p, pageSize) => page.setPaging({ page: p, pageSize })}
        expandable={{
          expandedRowRender: (row) => {
            const { text, label } = body(row);
            return (
              <pre className="integration__body" aria-label={label}>
                {text}
              </pre>
            );
          },
        }}
      />
    </>
  );
}
