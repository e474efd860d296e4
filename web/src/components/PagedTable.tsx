import { Table } from 'antd';
import type { TableColumnsType, TableProps } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { ListPager } from './ListPager';
import './PagedTable.css';

export interface PagedTableProps<Row> {
  rows: readonly Row[];
  columns: TableColumnsType<Row>;
  rowKey: keyof Row & string;
  /** Spinner over the table (first load and page changes). */
  loading: boolean;
  emptyText: string;
  page: number;
  pageSize: number;
  total: number;
  onPaging: (page: number, pageSize: number) => void;
  /** Rows that open to show more (Ant Design's expandable: a button per row, keyboard included). */
  expandable?: TableProps<Row>['expandable'];
  /** A sortable header was clicked (lib/listSort.ts reads what it asks for). */
  onSort?: (sorter: SorterResult<Row> | SorterResult<Row>[]) => void;
  /**
   * Fit the window: text cells wrap, and the table scrolls sideways only when it cannot fit. Without it, no cell
   * wraps and the table is as wide as its widest row needs.
   */
  fit?: boolean;
}

/** One page of a server-paginated list as a table, with the ListPager under it. Rows carry `data-row-key`. */
export function PagedTable<Row extends object>({ rows, columns, rowKey, loading, emptyText, page, pageSize, total, onPaging, expandable, onSort, fit }: PagedTableProps<Row>) {
  // Nothing to show yet: no "0 records" and no empty text under the spinner, as if the list were empty.
  const waiting = loading && rows.length === 0;
  return (
    <>
      <Table<Row>
        className="paged-table"
        rowKey={rowKey}
        size="small"
        columns={columns}
        dataSource={rows}
        loading={loading}
        pagination={false}
        scroll={{ x: fit ? true : 'max-content' }}
        locale={{ emptyText: waiting ? <span className="paged-table__waiting" aria-hidden="true" /> : emptyText }}
        expandable={expandable}
        onChange={onSort ? (_pagination, _filters, sorter) => onSort(sorter) : undefined}
      />
      <ListPager page={page} pageSize={pageSize} total={waiting ? undefined : total} onChange={onPaging} />
    </>
  );
}
