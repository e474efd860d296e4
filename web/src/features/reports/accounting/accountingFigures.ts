import { formatUsd } from '../../../lib/decimal';
import type { FinancialAccounting, UserAccounting } from './accountingApi';
import type { Figure } from './AccountingCard';

const count = (n: number) => n.toLocaleString('en-US');

/** Every field of the Users card (`GET /api/admin/users/accounting`). */
export function userFigures(a: UserAccounting): Figure[] {
  return [
    { label: 'Registered users (all time)', value: count(a.total_registered) },
    { label: 'Verified users (all time)', value: count(a.total_verified) },
    { label: "Users' assets", value: formatUsd(a.total_users_assets) },
    { label: 'Registered in range', value: count(a.total_registration) },
    { label: 'Verified in range', value: count(a.total_verified_last) },
  ];
}

/** Every field of the Financial Reports card (`GET /api/admin/transactions/accounting`). */
export function financialFigures(a: FinancialAccounting): Figure[] {
  const bonusWallets = a.allocated_bonus_wallets.details;
  return [
    { label: "Customers' credit", value: formatUsd(a.total_customers_credit) },
    { label: 'Current balance', value: formatUsd(a.total_current_balance) },
    { label: 'Income', value: formatUsd(a.total_income.usd_balance) },
    { label: 'Income transactions', value: count(a.total_income.count) },
    { label: 'Outcome', value: formatUsd(a.total_outcome.usd_balance) },
    { label: 'Outcome transactions', value: count(a.total_outcome.count) },
    { label: 'Paid bonuses', value: formatUsd(a.paid_bonuses) },
    { label: 'Allocated bonus wallets', value: formatUsd(bonusWallets.bonuses) },
    { label: 'Users with a bonus wallet', value: count(bonusWallets.users) },
    { label: 'Revenue earned by send', value: formatUsd(a.total_revenue_earned_by_send) },
  ];
}
