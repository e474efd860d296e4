import { Form } from 'antd';
import { FormSection } from '../../components/FormSection';
import type { CoinType } from '../../lib/coinTypes';
import { CoinSelect } from './CoinSelect';
import type { BonusDraft } from './promotionRules';
import { BONUS_COIN_DECIMALS, coinEquivalent, defaultAmountDisabled, promotionAmountDisabled } from './promotionRules';
import { UsdInput } from './UsdInput';
import type { CoinInfo } from './useCoinInfo';

interface BonusFieldsProps {
  /** 'Inviter' or 'Invited'. */
  side: string;
  bonus: BonusDraft;
  onChange: (bonus: BonusDraft) => void;
  coins: readonly CoinType[];
  coinsLoading: boolean;
  coinInfo: CoinInfo;
}

/** One side's bonus: its coin, the promotion amount and the default amount (one or the other above 0). */
export function BonusFields({ side, bonus, onChange, coins, coinsLoading, coinInfo }: BonusFieldsProps) {
  const id = `promotion-${side.toLowerCase()}`;
  const { rate, symbol } = coinInfo(bonus.coin);
  const equivalent = (usd: string) => `${coinEquivalent(usd, rate, BONUS_COIN_DECIMALS)} ${symbol}`.trim();
  return (
    <FormSection title={`${side} Bonus`}>
      <Form.Item label={`${side} Coin`} htmlFor={`${id}-coin`}>
        <CoinSelect
          id={`${id}-coin`}
          coins={coins}
          loading={coinsLoading}
          value={bonus.coin}
          onChange={(coin) => onChange({ ...bonus, coin })}
        />
      </Form.Item>
      <Form.Item label={`${side} Promotion Amount (USD)`} htmlFor={`${id}-amount`}>
        <UsdInput
          id={`${id}-amount`}
          value={bonus.amount}
          disabled={promotionAmountDisabled(bonus)}
          onChange={(amount) => onChange({ ...bonus, amount })}
          equivalent={equivalent(bonus.amount)}
        />
      </Form.Item>
      <Form.Item label={`${side} Default Amount (USD)`} htmlFor={`${id}-default`}>
        <UsdInput
          id={`${id}-default`}
          value={bonus.default}
          disabled={defaultAmountDisabled(bonus)}
          onChange={(value) => onChange({ ...bonus, default: value })}
          equivalent={equivalent(bonus.default)}
        />
      </Form.Item>
    </FormSection>
  );
}
