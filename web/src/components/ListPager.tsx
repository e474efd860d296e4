import { Pagination, Select } from 'antd';
import type { JSX } from 'react';
import './ListPager.css';

/** The page sizes every paginated list offers; the first one is the default. */
// The agreed API keeps the sizes next to the pager; a constant does not break Fast Refresh in practice.
// eslint-disable-next-line react-refresh/only-export-components
export const PAGE_SIZES = [25, 50, 100] as const;

export interface ListPagerProps {
  /** The current page, from 1. */
  page: number;
  pageSize: number;
  /** How many records the whole list holds. */
  total: number;
  /** A new page or page size; a new size always comes with page 1. */
  onChange: (page: number, pageSize: number) => void;
}

const SIZE_OPTIONS = PAGE_SIZES.map((size) => ({ value: size, label: `View ${size} Per Page` }));

/**
 * The pager under every paginated list: the records total, the page-size choice (back to page 1 on change) and
 * antd's Pagination, which never shows more than 7 numbered page links (the spec allows up to 10).
 */
export function ListPager({ page, pageSize, total, onChange }: ListPagerProps): JSX.Element {
  return (
    <div className="list-pager" data-testid="list-pager">
      <span className="list-pager__total">{total} records</span>
      <Select
        aria-label="Page size"
        value={pageSize}
        options={SIZE_OPTIONS}
        onChange={(size: number) => onChange(1, size)}
        className="list-pager__size"
      />
      <Pagination
        current={page}
        pageSize={pageSize}
        total={total}
        showSizeChanger={false}
        hideOnSinglePage={false}
        onChange={(nextPage) => onChange(nextPage, pageSize)}
      />
    </div>
  );
}
