import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { PageSize } from './listPage';
import { PAGE_SIZES } from './listPage';
import type { FilterParam, ParamReader, ParamValues } from './listParams';
import { parsePositiveInt } from './listParams';

/** How one list keeps its filters in the URL. Keep it a module constant: the hook reads the URL again when it changes. */
export interface ListSpec<F> {
  /** Each filter's parameters (lib/listParams.ts); an optional filter's param also writes undefined. */
  params: { [K in keyof F]-?: FilterParam<Exclude<F[K], undefined>> };
  /** The filters the URL does not give (or gives invalid); called once per screen. */
  defaults: () => F;
  /** Put before each parameter name when one page holds several lists (the profile's tabs: `wallets.`). */
  prefix?: string;
}

/** A list without filters, only pages (a module constant too). */
export function pagesOnly(prefix?: string): ListSpec<Record<string, never>> {
  return { params: {}, defaults: () => ({}), prefix };
}

export interface ListState<F> {
  filters: F;
  /** From 1 (`page`). */
  page: number;
  /** One of PAGE_SIZES (`maxPerPage`). */
  pageSize: number;
  /** Changes some filters and goes back to page 1: a new history entry (Back returns to the previous view). */
  setFilters: (patch: Partial<F>) => void;
  /** ListPager's onChange: keeps the filters. `replace` for a correction that Back should skip. */
  setPaging: (page: number, pageSize: number, options?: { replace?: boolean }) => void;
}

interface ListView<F> {
  filters: F;
  page: number;
  pageSize: PageSize;
}

/** The list's view as the URL gives it, each value checked (else its default). */
function readListView<F>(spec: ListSpec<F>, defaults: F, params: URLSearchParams): ListView<F> {
  const get: ParamReader = (name) => params.get((spec.prefix ?? '') + name);
  const filters = { ...defaults };
  for (const key of Object.keys(spec.params) as (keyof F)[]) {
    const value = spec.params[key].read(get);
    if (value !== undefined) filters[key] = value as F[keyof F];
  }
  const pageSize = PAGE_SIZES.find((size) => String(size) === get('maxPerPage')) ?? PAGE_SIZES[0];
  return { filters, page: parsePositiveInt(get('page')) ?? 1, pageSize };
}

/** The parameters for the filters of `patch`: a filter equal to its default leaves all its parameters out. */
function filterChanges<F>(spec: ListSpec<F>, defaults: F, patch: Partial<F>): ParamValues {
  const changes: ParamValues = {};
  for (const key of Object.keys(patch) as (keyof F)[]) {
    const param = spec.params[key];
    const values = param.write(patch[key] as Exclude<F[keyof F], undefined>);
    const isDefault = sameParams(values, param.write(defaults[key] as Exclude<F[keyof F], undefined>));
    for (const [name, value] of Object.entries(values)) changes[name] = isDefault ? undefined : value;
  }
  return changes;
}

function sameParams(a: ParamValues, b: ParamValues): boolean {
  return Object.keys({ ...a, ...b }).every((name) => a[name] === b[name]);
}

/** `params` with `changes` applied (names prefixed). */
export function applyChanges(params: URLSearchParams, changes: ParamValues, prefix = ''): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [name, value] of Object.entries(changes)) {
    if (value === undefined) next.delete(prefix + name);
    else next.set(prefix + name, value);
  }
  return next;
}

/** A readable query string: ':' (the times in dates) needs no escaping there. */
export function queryText(params: URLSearchParams): string {
  return params.toString().replace(/%3A/gi, ':');
}

function pagingChanges(page: number, pageSize: number): ParamValues {
  return {
    page: page > 1 ? String(page) : undefined,
    maxPerPage: pageSize !== PAGE_SIZES[0] ? String(pageSize) : undefined,
  };
}

/**
 * A paginated list's filters, page and page size, kept in the URL's query: a reload, Back and Forward, and a shared
 * link show the same view. The URL is the only source: what it gives is checked (page ≥ 1, a page size of
 * PAGE_SIZES, real dates, known choices), anything else falls back to the default, and defaults stay out of it.
 * Every change is a history entry; text filters change once the typing pauses (DebouncedInput), not per key.
 */
export function useListState<F extends object>(spec: ListSpec<F>): ListState<F> {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [defaults] = useState(spec.defaults);
  const view = useMemo(() => readListView(spec, defaults, params), [spec, defaults, params]);
  // The URL as last rendered or written: a setter called later (a search box's timer) changes what is there now.
  const latest = useRef(params);
  useEffect(() => {
    latest.current = params;
  }, [params]);
  const go = (changes: ParamValues, replace = false) => {
    const next = applyChanges(latest.current, changes, spec.prefix);
    if (queryText(next) === queryText(latest.current)) return;
    latest.current = next;
    void navigate({ search: queryText(next) }, { replace });
  };
  return {
    ...view,
    setFilters: (patch) => go({ ...filterChanges(spec, defaults, patch), page: undefined }),
    setPaging: (page, pageSize, options) => go(pagingChanges(page, pageSize), options?.replace),
  };
}
