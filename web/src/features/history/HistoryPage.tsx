import { Input } from 'antd';
import { useState } from 'react';
import { CsvDownloadButton } from '../../components/CsvDownloadButton';
import { useListState } from '../../lib/useListState';
import { HashSearchResults } from './HashSearchResults';
import { downloadHistoryCsv } from './historyApi';
import { HISTORY_LIST, toCsvQuery } from './historyFilters';
import { HistoryFilterBar } from './HistoryFilterBar';
import { HistoryList } from './HistoryList';
import './history.css';

/** /history: filtered transaction history with paging (both in the URL), hash search and CSV export. */
export default function HistoryPage() {
  const { filters, page, pageSize, setFilters, setPaging } = useListState(HISTORY_LIST);
  const [searchText, setSearchText] = useState('');
  const [hash, setHash] = useState('');
  const closeSearch = () => {
    setSearchText('');
    setHash('');
  };

  return (
    <>
      <div className="history__toolbar" role="search" aria-label="Filters">
        <HistoryFilterBar filters={filters} onChange={setFilters} />
        <Input.Search
          aria-label="Transaction hash"
          placeholder="Search by transaction hash"
          className="history__search"
          allowClear
          value={searchText}
          onChange={(event) => {
            setSearchText(event.target.value);
            if (!event.target.value) setHash('');
          }}
          onSearch={(value) => setHash(value.trim())}
        />
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
