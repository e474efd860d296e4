import { Input } from 'antd';
import { useState } from 'react';
import { CsvDownloadButton } from '../../components/CsvDownloadButton';
import { PAGE_SIZES } from '../../components/ListPager';
import { HashSearchResults } from './HashSearchResults';
import { downloadHistoryCsv } from './historyApi';
import type { HistoryFilters } from './historyFilters';
import { defaultHistoryFilters, toCsvQuery } from './historyFilters';
import { HistoryFilterBar } from './HistoryFilterBar';
import type { Paging } from './HistoryList';
import { HistoryList } from './HistoryList';
import './history.css';

/** /history: filtered transaction history with paging, hash search and CSV export. */
export default function HistoryPage() {
  const [filters, setFilters] = useState<HistoryFilters>(() => defaultHistoryFilters());
  const [paging, setPaging] = useState<Paging>({ page: 1, pageSize: PAGE_SIZES[0] });
  const [searchText, setSearchText] = useState('');
  const [hash, setHash] = useState('');

  const changeFilters = (next: HistoryFilters) => {
    setFilters(next);
    setPaging((current) => ({ ...current, page: 1 }));
  };
  const closeSearch = () => {
    setSearchText('');
    setHash('');
  };

  return (
    <>
      <div className="history__toolbar" role="search" aria-label="Filters">
        <HistoryFilterBar filters={filters} onChange={changeFilters} />
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
        <HistoryList filters={filters} paging={paging} onPaging={setPaging} />
      )}
    </>
  );
}
