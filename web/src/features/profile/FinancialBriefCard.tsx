import { useQuery } from '@tanstack/react-query';
import { Descriptions, Typography } from 'antd';
import type { DescriptionsProps } from 'antd';
import { QueryCard } from '../../components/QueryCard';
import { formatUsd } from '../../lib/decimal';
import { BRIEF_BASIS } from './briefBasis';
import { userBriefQuery } from './profileApi';
import type { UserBrief } from './types';

const times = (count: number, what: string) => `${count.toLocaleString('en-US')} ${what}`;

function briefItems(b: UserBrief): DescriptionsProps['items'] {
  const rows: [string, string, string][] = [
    ['Total Balance', formatUsd(b.total_balance), BRIEF_BASIS.balance],
    ['Total Income', `${formatUsd(b.total_income)} (${times(b.income_count, 'received')})`, BRIEF_BASIS.income],
    ['Total Outcome', `${formatUsd(b.total_outcome)} (${times(b.outcome_count, 'sent')})`, BRIEF_BASIS.outcome],
    ['Xapa Exchange Fee', `${formatUsd(b.xapa_exchange_fee)} (${times(b.exchange_count, 'exchanges')})`, BRIEF_BASIS.exchangeFee],
    ['Total Bonus', formatUsd(b.total_bonus), BRIEF_BASIS.bonus],
  ];
  return rows.map(([label, figure, basis]) => ({
    key: label,
    label,
    children: (
      <div>
        <span className="brief__figure">{figure}</span>
        <Typography.Text type="secondary" className="brief__basis">
          {basis}
        </Typography.Text>
      </div>
    ),
  }));
}

/** The user's totals in dollars (2 decimals), with the counts behind them and the period and currency of each. */
export function FinancialBriefCard({ userId }: { userId: number }) {
  const query = useQuery(userBriefQuery(userId));
  return (
    <QueryCard title="Financial Brief" query={query}>
      {(brief) => <Descriptions size="small" column={1} items={briefItems(brief)} />}
    </QueryCard>
  );
}
