import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { DateRangeFilter } from '../../components/DateRangeFilter';
import { coinLabel, coinTypesQuery } from '../../lib/coinTypes';
import type { HistoryFilters } from './historyFilters';
import { NETWORK_LABELS, TYPE_OPTIONS } from './historyFilters';
import type { Network, TransactionType } from './types';

const ALL = 'all';

const NETWORK_OPTIONS = Object.entries(NETWORK_LABELS).map(([value, label]) => ({ value: value as Network, label }));

interface HistoryFilterBarProps {
  filters: HistoryFilters;
  /** The filters that changed. */
  onChange: (patch: Partial<HistoryFilters>) => void;
}

/** Coin (All Coins or one, tokens included), type, network and the date range. */
export function HistoryFilterBar({ filters, onChange }: HistoryFilterBarProps) {
  const coins = useQuery(coinTypesQuery(true));
  const coinOptions = [
    { value: ALL, label: 'All Coins' },
    ...(coins.data ?? []).map((coin) => ({ value: String(coin.id), label: coinLabel(coin) })),
  ];
  return (
    <>
      <Select
        aria-label="Coin"
        className="history-filters__coin"
        showSearch={{ optionFilterProp: 'label' }}
        value={filters.coinType === undefined ? ALL : String(filters.coinType)}
        options={coinOptions}
        loading={coins.isPending}
        status={coins.isError ? 'error' : undefined}
        onChange={(value: string) => onChange({ coinType: value === ALL ? undefined : Number(value) })}
      />
      <Select
        aria-label="Type"
        className="history-filters__type"
        value={filters.type ?? ALL}
        options={TYPE_OPTIONS}
        onChange={(value: string) =>
          onChange({ type: value === ALL ? undefined : (value as TransactionType) })
        }
      />
      <Select
        aria-label="Network"
        className="history-filters__network"
        value={filters.network}
        options={NETWORK_OPTIONS}
        onChange={(network: Network) => onChange({ network })}
      />
      <DateRangeFilter value={filters.range} onChange={(range) => onChange({ range })} />
    </>
  );
}
