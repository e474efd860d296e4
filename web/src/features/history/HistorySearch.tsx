import { Input, Select, Space } from 'antd';
import { useState } from 'react';
import type { HistoryFilters, SearchKind } from './historyFilters';
import { historySearchOf } from './historyFilters';

/** The shortest start of a hash the search takes (ledger.MinHashPrefix). */
const MIN_HASH_PREFIX = 8;

const KINDS: { value: SearchKind; label: string }[] = [
  { value: 'hash', label: 'Hash' },
  { value: 'email', label: 'Customer email' },
  { value: 'address', label: 'Address' },
];

const INPUTS: Record<SearchKind, { label: string; placeholder: string }> = {
  hash: { label: 'Transaction hash', placeholder: 'Search by hash (its first 8 characters or more)' },
  email: { label: 'Customer email', placeholder: "Search by the customer's whole email" },
  address: { label: 'Address', placeholder: 'Search by an address sent to, or a wallet’s own' },
};

type SearchPatch = Pick<HistoryFilters, 'q' | 'email' | 'address'>;
type Search = ReturnType<typeof historySearchOf>;

const sameSearch = (a: Search, b: Search) => a.kind === b.kind && a.text === b.text;

/** The filters a search sets: the one searched by, the others cleared. */
function searchPatch(kind: SearchKind, text: string): SearchPatch {
  const value = text || undefined;
  return { q: kind === 'hash' ? value : undefined, email: kind === 'email' ? value : undefined, address: kind === 'address' ? value : undefined };
}

interface HistorySearchProps {
  filters: HistoryFilters;
  onChange: (patch: SearchPatch) => void;
}

/**
 * One search box for History: by the start of a hash (which lists what it finds in place of the page), by the
 * customer's email or by an address (which filter the list, with the other filters). Kept in the URL.
 */
export function HistorySearch({ filters, onChange }: HistorySearchProps) {
  const current = historySearchOf(filters);
  const [kind, setKind] = useState(current.kind);
  const [text, setText] = useState(current.text);
  const [tooShort, setTooShort] = useState(false);
  // The URL changed under the box (Back, a link): show what it searches for now. With no search, the kind chosen
  // last stays. The box's own change reaches the URL a render or more later (the router renders it as a
  // transition): that one leaves alone what was typed meanwhile.
  const [shown, setShown] = useState(current);
  const [asked, setAsked] = useState<Search | null>(null);
  if (!sameSearch(shown, current)) {
    setShown(current);
    setAsked(null);
    if (!(asked && sameSearch(asked, current))) {
      if (current.text) setKind(current.kind);
      setText(current.text);
    }
  }
  const change = (patch: SearchPatch) => {
    const next = historySearchOf({ ...filters, ...patch });
    setAsked(sameSearch(next, current) ? null : next);
    onChange(patch);
  };
  const search = (by: SearchKind, value: string) => {
    const trimmed = value.trim();
    const short = by === 'hash' && trimmed.length > 0 && trimmed.length < MIN_HASH_PREFIX;
    setTooShort(short);
    if (!short) change(searchPatch(by, trimmed));
  };
  return (
    <div className="history__search">
      <Space.Compact block>
        <Select<SearchKind>
          aria-label="Search by"
          className="history__search-kind"
          value={kind}
          options={KINDS}
          onChange={(next) => {
            // Another kind of search starts afresh: a hash is no email, an email no address.
            setKind(next);
            setText('');
            setTooShort(false);
            if (current.text) change(searchPatch(next, ''));
          }}
        />
        <Input.Search
          aria-label={INPUTS[kind].label}
          aria-describedby={tooShort ? 'history-search-help' : undefined}
          placeholder={INPUTS[kind].placeholder}
          allowClear
          status={tooShort ? 'error' : undefined}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setTooShort(false);
            if (!event.target.value && current.text) change(searchPatch(kind, ''));
          }}
          onSearch={(value) => search(kind, value)}
        />
      </Space.Compact>
      {tooShort ? (
        <div id="history-search-help" role="alert" className="history__search-help">
          Enter at least {MIN_HASH_PREFIX} characters of the hash.
        </div>
      ) : null}
    </div>
  );
}
