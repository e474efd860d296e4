import { useQuery } from '@tanstack/react-query';
import { Descriptions } from 'antd';
import type { DescriptionsProps } from 'antd';
import { QueryCard } from '../../components/QueryCard';
import { formatUsd } from '../../lib/decimal';
import { userBriefQuery } from './profileApi';
import type { UserBrief } from './types';

const times = (count: number, what: string) => `${count.toLocaleString('en-US')} ${what}`;

function briefItems(b: UserBrief): DescriptionsProps['items'] {
  const rows: [string, string][] = [
    ['Total Balance', formatUsd(b.total_balance)],
    ['Total Income', `${formatUsd(b.total_income)} (${times(b.income_count, 'received')})`],
    ['Total Outcome', `${formatUsd(b.total_outcome)} (${times(b.outcome_count, 'sent')})`],
    ['Xapa Exchange Fee', `${formatUsd(b.xapa_exchange_fee)} (${times(b.exchange_count, 'exchanges')})`],
    ['Total Bonus', formatUsd(b.total_bonus)],
  ];
  return rows.map(([label, children]) => ({ key: label, label, children }));
}

/** The user's totals in dollars (2 decimals), with the counts behind them. */
export function FinancialBriefCard({ userId }: { userId: number }) {
  const query = useQuery(userBriefQuery(userId));
  return (
    <QueryCard title="Financial Brief" query={query}>
      {(brief) => <Descriptions size="small" column={1} items={briefItems(brief)} />}
    </QueryCard>
  );
}
