import { CsvDownloadButton } from '../../components/CsvDownloadButton';
import { useListState } from '../../lib/useListState';
import { HashSearchResults } from './HashSearchResults';
import { downloadHistoryCsv } from './historyApi';
import { HISTORY_LIST, toCsvQuery } from './historyFilters';
import { HistoryFilterBar } from './HistoryFilterBar';
import { HistoryList } from './HistoryList';
import { HistorySearch } from './HistorySearch';
import './history.css';

/**
 * /history: filtered transaction history with paging, sorting and the search by hash, customer email or address
 * (all in the URL), and CSV export.
 */
export default function HistoryPage() {
  const { filters, page, pageSize, setFilters, setPaging } = useListState(HISTORY_LIST);
  return (
    <>
      <div className="history__toolbar" role="search" aria-label="Filters">
        <HistoryFilterBar filters={filters} onChange={setFilters} />
        <HistorySearch filters={filters} onChange={setFilters} />
        <CsvDownloadButton download={downloadHistoryCsv} query={toCsvQuery(filters)} />
      </div>
      {filters.q ? (
        <HashSearchResults hash={filters.q} onClose={() => setFilters({ q: undefined })} />
      ) : (
        <HistoryList
          filters={filters}
          page={page}
          pageSize={pageSize}
          onPaging={setPaging}
          onSort={(sort) => setFilters({ sort })}
        />
      )}
    </>
  );
}
