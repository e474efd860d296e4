import { Input } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { CsvDownloadButton } from '../../components/CsvDownloadButton';
import { applyChanges, queryText, useListState } from '../../lib/useListState';
import { HashSearchResults } from './HashSearchResults';
import { downloadHistoryCsv } from './historyApi';
import { HISTORY_LIST, toCsvQuery } from './historyFilters';
import { HistoryFilterBar } from './HistoryFilterBar';
import { HistoryList } from './HistoryList';
import './history.css';

/** The shortest start of a hash the search takes (ledger.MinHashPrefix). */
const MIN_HASH_PREFIX = 8;

/** The hash search, kept in the URL's `q` beside the list's filters: a reload or a shared link searches again. */
function useHashSearch() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const hash = params.get('q')?.trim() ?? '';
  const setHash = (next: string) => void navigate({ search: queryText(applyChanges(params, { q: next || undefined })) });
  return [hash, setHash] as const;
}

/** /history: filtered transaction history with paging (both in the URL), hash search and CSV export. */
export default function HistoryPage() {
  const { filters, page, pageSize, setFilters, setPaging } = useListState(HISTORY_LIST);
  const [hash, setHash] = useHashSearch();
  const [searchText, setSearchText] = useState(hash);
  const [tooShort, setTooShort] = useState(false);
  const closeSearch = () => {
    setSearchText('');
    setHash('');
  };
  const search = (value: string) => {
    const text = value.trim();
    setTooShort(text.length > 0 && text.length < MIN_HASH_PREFIX);
    if (text.length === 0 || text.length >= MIN_HASH_PREFIX) setHash(text);
  };

  return (
    <>
      <div className="history__toolbar" role="search" aria-label="Filters">
        <HistoryFilterBar filters={filters} onChange={setFilters} />
        <div className="history__search">
          <Input.Search
            aria-label="Transaction hash"
            aria-describedby={tooShort ? 'history-hash-help' : undefined}
            placeholder="Search by hash (its first 8 characters or more)"
            allowClear
            status={tooShort ? 'error' : undefined}
            value={searchText}
            onChange={(event) => {
              setSearchText(event.target.value);
              setTooShort(false);
              if (!event.target.value) setHash('');
            }}
            onSearch={search}
          />
          {tooShort ? (
            <div id="history-hash-help" role="alert" className="history__search-help">
              Enter at least {MIN_HASH_PREFIX} characters of the hash.
            </div>
          ) : null}
        </div>
        <CsvDownloadButton download={downloadHistoryCsv} query={toCsvQuery(filters)} />
      </div>
      {hash ? (
        <HashSearchResults hash={hash} onClose={closeSearch} />
      ) : (
        <HistoryList filters={filters} page={page} pageSize={pageSize} onPaging={setPaging} />
      )}
    </>
  );
}
