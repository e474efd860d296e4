import { useQuery } from '@tanstack/react-query';
import { Col } from 'antd';
import { QueryCard } from '../../components/QueryCard';
import { coinLabel, coinTypesQuery } from '../../lib/coinTypes';
import { CardTitle } from './CardTitle';
import { BalanceLegend } from './BalanceLegend';
import { BalanceList } from './BalanceList';
import { companyBalanceExplanation, companyBalanceTone } from './colors';
import type { BalanceItem, Balances } from './dashboardApi';
import { companyBalanceQuery, customerBalanceQuery } from './dashboardApi';

const isEmpty = (data: Balances) => data.balances.length === 0;

/**
 * Customer balance per coin and, once it has loaded, the company balance per coin coloured against it
 * (colors.ts), with a legend of the colours. The company card stays loading when its call fails: it shows no error.
 */
export function BalanceCards() {
  const customer = useQuery(customerBalanceQuery);
  const customerData = customer.data;
  const company = useQuery({ ...companyBalanceQuery, enabled: customerData !== undefined });
  const customerById = new Map(customerData?.balances.map((item) => [item.coin_id, item.balance]));
  // Names tokens with their chain ("USDT (TRX)"): the same symbol can live on two chains.
  const coins = useQuery(coinTypesQuery(true));
  const labels = new Map(coins.data?.map((coin) => [coin.id, coinLabel(coin)]));
  const labelOf = (item: BalanceItem) => labels.get(item.coin_id) ?? item.symbol;
  return (
    <>
      <Col xs={24} lg={12}>
        <QueryCard
          title={<CardTitle title="Customer balance" measure="What customers' wallets hold now, per coin" />}
          label="Customer balance"
          query={customer} isEmpty={isEmpty} emptyText="No balances">
          {(data) => <BalanceList label="Customer balance per coin" items={data.balances} coinLabel={labelOf} />}
        </QueryCard>
      </Col>
      <Col xs={24} lg={12}>
        <QueryCard
          title={<CardTitle title="Company balance" measure="The company's own wallets now, per coin" />}
          label="Company balance"
          query={company}
          waiting={customerData === undefined}
          loadingOnError
          isEmpty={isEmpty}
          emptyText="No balances"
        >
          {(data) => (
            <>
              <BalanceList
                label="Company balance per coin"
                items={data.balances}
                coinLabel={labelOf}
                toneOf={(item) => companyBalanceTone(item.balance, customerById.get(item.coin_id) ?? '0')}
                explainTone={(item) => companyBalanceExplanation(item.balance, customerById.get(item.coin_id) ?? '0')}
              />
              <BalanceLegend />
            </>
          )}
        </QueryCard>
      </Col>
    </>
  );
}
