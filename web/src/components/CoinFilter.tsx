import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { coinLabel, coinTypesQuery } from '../lib/coinTypes';

const ALL = 'all';

interface CoinFilterProps {
  /** A coin id, or undefined for all coins. */
  value: number | undefined;
  onChange: (coinType: number | undefined) => void;
  className?: string;
}

/** "All Coins" or one coin or token (GET /api/cointypes?type=all), as a list filter. */
export function CoinFilter({ value, onChange, className }: CoinFilterProps) {
  const coins = useQuery(coinTypesQuery(true));
  const options = [
    { value: ALL, label: 'All Coins' },
    ...(coins.data ?? []).map((coin) => ({ value: String(coin.id), label: coinLabel(coin) })),
  ];
  return (
    <Select
      aria-label="Coin"
      className={className}
      popupMatchSelectWidth={false}
      value={value === undefined ? ALL : String(value)}
      options={options}
      loading={coins.isPending}
      status={coins.isError ? 'error' : undefined}
      onChange={(next: string) => onChange(next === ALL ? undefined : Number(next))}
    />
  );
}
