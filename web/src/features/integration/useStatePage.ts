import { useState } from 'react';

/** A list's state filter and paging; choosing a state goes back to page 1. */
export interface StatePage<S extends string> {
  state: S;
  paging: { page: number; pageSize: number };
  /** The list call's parameters. */
  query: { state: S; page: number; maxPerPage: number };
  choose: (state: S) => void;
  setPaging: (paging: { page: number; pageSize: number }) => void;
}

export function useStatePage<S extends string>(initial: S): StatePage<S> {
  const [state, setState] = useState<S>(initial);
  const [paging, setPaging] = useState({ page: 1, pageSize: 10 });
  return {
    state,
    paging,
    query: { state, page: paging.page, maxPerPage: paging.pageSize },
    choose: (next) => {
      setState(next);
      setPaging((p) => ({ ...p, page: 1 }));
    },
    setPaging,
  };
}
