import { useCallback, useState } from 'react';
import { PAGE_SIZES } from './ListPager';

export interface PagedFilters<F> {
  filters: F;
  /** From 1. */
  page: number;
  pageSize: number;
  /** Changes some filters and goes back to page 1. */
  setFilters: (patch: Partial<F>) => void;
  /** ListPager's onChange (a new page size comes with page 1). */
  setPaging: (page: number, pageSize: number) => void;
}

/** A paginated list's filters, page and page size: page 1 of PAGE_SIZES[0] to start, and after any filter change. */
export function usePagedFilters<F extends object>(initial: () => F): PagedFilters<F> {
  const [state, setState] = useState(() => ({ filters: initial(), page: 1, pageSize: PAGE_SIZES[0] as number }));
  const setFilters = useCallback(
    (patch: Partial<F>) => setState((s) => ({ ...s, filters: { ...s.filters, ...patch }, page: 1 })),
    [],
  );
  const setPaging = useCallback((page: number, pageSize: number) => setState((s) => ({ ...s, page, pageSize })), []);
  return { ...state, setFilters, setPaging };
}
