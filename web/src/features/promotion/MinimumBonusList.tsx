import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, InputNumber, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { FormSection } from '../../components/FormSection';
import type { CoinType } from '../../lib/coinTypes';
import { coinLabel } from '../../lib/coinTypes';
import { formatUsd } from '../../lib/decimal';
import { CoinSelect } from './CoinSelect';
import type { MinimumDraft } from './promotionRules';
import {
  availableMinimumCoins,
  canAddMinimum,
  coinEquivalent,
  DEFAULT_MINIMUM_USD,
  MINIMUM_COIN_DECIMALS,
  waitingTimeLocked,
} from './promotionRules';
import { UsdInput } from './UsdInput';
import type { CoinInfo } from './useCoinInfo';

interface MinimumBonusListProps {
  minimum: MinimumDraft[];
  onMinimumChange: (minimum: MinimumDraft[]) => void;
  waitingDays: number | null;
  onWaitingDaysChange: (days: number | null) => void;
  coins: readonly CoinType[];
  coinsLoading: boolean;
  coinInfo: CoinInfo;
}

/** The minimum bonus list: amount, coin and waiting days, Add; each entry can be removed. */
export function MinimumBonusList(props: MinimumBonusListProps) {
  const { minimum, onMinimumChange, waitingDays, onWaitingDaysChange, coins, coinsLoading, coinInfo } = props;
  const [amount, setAmount] = useState(DEFAULT_MINIMUM_USD);
  const [coin, setCoin] = useState<number | undefined>();
  const choices = availableMinimumCoins(coins, minimum);
  const locked = waitingTimeLocked(minimum);
  const equivalent = (usd: string, id: number | undefined) => {
    const { rate, symbol } = coinInfo(id);
    return `${coinEquivalent(usd, rate, MINIMUM_COIN_DECIMALS)} ${symbol}`.trim();
  };
  const add = () => {
    if (coin === undefined) return;
    onMinimumChange([...minimum, { coin, main: amount }]);
    setCoin(undefined);
  };
  const nameOf = (id: number) => {
    const known = coins.find((c) => c.id === id);
    return known ? coinLabel(known) : coinInfo(id).symbol;
  };

  const columns = minimumColumns(nameOf, equivalent, (entry) =>
    onMinimumChange(minimum.filter((other) => other.coin !== entry.coin)),
  );

  return (
    <FormSection title="Minimum Bonus">
      <div className="promotion__minimum-row">
        <Form.Item label="Amount (USD)" htmlFor="promotion-minimum-amount">
          <UsdInput
            id="promotion-minimum-amount"
            value={amount}
            onChange={setAmount}
            equivalent={coin === undefined ? null : equivalent(amount, coin)}
          />
        </Form.Item>
        <Form.Item label="Minimum Coin" htmlFor="promotion-minimum-coin">
          <CoinSelect id="promotion-minimum-coin" coins={choices} loading={coinsLoading} value={coin} onChange={setCoin} />
        </Form.Item>
        <Form.Item
          label="Waiting Time (days)"
          htmlFor="promotion-waiting-days"
          extra={locked ? 'Locked while the list has entries.' : undefined}
        >
          <InputNumber
            id="promotion-waiting-days"
            min={0}
            precision={0}
            className="full-width"
            value={waitingDays}
            disabled={locked}
            onChange={(days) => onWaitingDaysChange(days ?? null)}
          />
        </Form.Item>
        <Form.Item label=" " colon={false}>
          <Button icon={<PlusOutlined />} disabled={!canAddMinimum({ amount, coin, waitingDays }, minimum)} onClick={add}>
            Add
          </Button>
        </Form.Item>
      </div>
      <Table<MinimumDraft>
        rowKey="coin"
        size="small"
        columns={columns}
        dataSource={minimum}
        pagination={false}
        locale={{ emptyText: 'No minimum bonus yet: add at least one.' }}
      />
    </FormSection>
  );
}

/** The columns of the minimum bonus list; the last one removes its entry. */
function minimumColumns(
  nameOf: (id: number) => string,
  equivalent: (usd: string, id: number) => string,
  onRemove: (entry: MinimumDraft) => void,
): TableColumnsType<MinimumDraft> {
  return [
    { title: 'Coin', dataIndex: 'coin', render: (id: number) => nameOf(id) },
    { title: 'Amount (USD)', dataIndex: 'main', render: (usd: string) => formatUsd(usd) },
    { title: 'Coin Amount', key: 'coinAmount', render: (_: unknown, entry) => equivalent(entry.main, entry.coin) },
    {
      title: 'Remove',
      key: 'remove',
      width: 90,
      render: (_: unknown, entry) => (
        <Button icon={<DeleteOutlined />} aria-label={`Remove ${nameOf(entry.coin)}`} onClick={() => onRemove(entry)} />
      ),
    },
  ];
}
