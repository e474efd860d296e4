import { DoubleLeftOutlined, DoubleRightOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Select } from 'antd';
import type { JSX, ReactNode } from 'react';
import { PAGE_SIZES, recordCount } from '../lib/listPage';
import { pageWindow } from './pageWindow';
import './ListPager.css';

export interface ListPagerProps {
  /** The current page, from 1. */
  page: number;
  pageSize: number;
  /** How many records the whole list holds; undefined while not known yet (no count shown). */
  total: number | undefined;
  /** A new page or page size; a new size always comes with page 1. */
  onChange: (page: number, pageSize: number) => void;
}

const SIZE_OPTIONS = PAGE_SIZES.map((size) => ({ value: size, label: `View ${size} Per Page` }));

/**
 * The pager under every paginated list: the records total, the page-size choice (back to page 1 on change), and
 * the page selector: first and previous, ten consecutive page links around the current page (fewer when there are
 * fewer pages), next and last. Every control is a button, so the keyboard reaches each one.
 */
export function ListPager({ page, pageSize, total, onChange }: ListPagerProps): JSX.Element {
  const pages = Math.max(1, Math.ceil((total ?? 0) / pageSize));
  const go = (next: number) => onChange(next, pageSize);
  const step = (label: string, target: number, icon: ReactNode) => (
    <Button
      size="small"
      type="text"
      aria-label={label}
      title={label}
      icon={icon}
      disabled={target === page || target < 1 || target > pages}
      onClick={() => go(target)}
    />
  );
  return (
    <div className="list-pager" data-testid="list-pager">
      <span className="list-pager__total" aria-busy={total === undefined || undefined}>
        {total === undefined ? '' : recordCount(total)}
      </span>
      <Select
        aria-label="Page size"
        value={pageSize}
        options={SIZE_OPTIONS}
        onChange={(size: number) => onChange(1, size)}
        className="list-pager__size"
      />
      <nav className="list-pager__pages" aria-label="Pages">
        {step('First page', 1, <DoubleLeftOutlined />)}
        {step('Previous page', page - 1, <LeftOutlined />)}
        {pageWindow(page, pages).map((n) => (
          <Button
            key={n}
            size="small"
            className="list-pager__page"
            type={n === page ? 'primary' : 'default'}
            aria-label={`Page ${n}`}
            aria-current={n === page ? 'page' : undefined}
            onClick={() => n !== page && go(n)}
          >
            {n}
          </Button>
        ))}
        {step('Next page', page + 1, <RightOutlined />)}
        {step('Last page', pages, <DoubleRightOutlined />)}
      </nav>
    </div>
  );
}
