import { Select } from 'antd';
import type { CoinType } from '../../lib/coinTypes';
import { coinLabel } from '../../lib/coinTypes';

interface CoinSelectProps {
  id: string;
  coins: readonly CoinType[];
  value: number | undefined;
  onChange: (coin: number) => void;
  loading?: boolean;
}

/** A coin or token of GET /api/cointypes?type=all, searchable by symbol or name. */
export function CoinSelect({ id, coins, value, onChange, loading }: CoinSelectProps) {
  return (
    <Select
      id={id}
      showSearch={{ optionFilterProp: 'label' }}
      placeholder="Choose a coin"
      loading={loading}
      value={value}
      onChange={onChange}
      options={coins.map((coin) => ({ value: coin.id, label: `${coinLabel(coin)} · ${coin.name}` }))}
    />
  );
}
