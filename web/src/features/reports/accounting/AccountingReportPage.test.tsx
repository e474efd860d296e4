import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setToken } from '../../../lib/api';
import { dayjs, toApiDate } from '../../../lib/dates';
import { Permission } from '../../../lib/permissions';
import { apiError, mockApi } from '../../../test/mockApi';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { makeUser } from '../../../test/users';
import { defaultAccountingRange } from './accountingApi';
import AccountingReportPage from './AccountingReportPage';

const USERS = { total_registered: 1305, total_verified: 231, total_users_assets: '4061796.2', total_registration: 7, total_verified_last: 6 };
const FINANCIAL = {
  total_customers_credit: '4061796.21',
  total_current_balance: '3674966.49',
  total_income: { count: 1210, usd_balance: '2934389.11' },
  total_outcome: { count: 1233, usd_balance: '2776405.56' },
  paid_bonuses: '190',
  allocated_bonus_wallets: { details: { users: 138, bonuses: '272601.43' } },
  total_revenue_earned_by_send: '5552.75',
};

function setUp(financial: () => Response = () => jsonResponse({ accounting: FINANCIAL })) {
  setToken('t');
  return mockApi({
    'GET /api/user': () =>
      jsonResponse(makeUser({ permissions: [Permission.USER_ACCOUNTING, Permission.TRANSACTION_ACCOUNTING] })),
    'GET /api/admin/users/accounting': () => jsonResponse({ accounting: USERS }),
    'GET /api/admin/transactions/accounting': financial,
  });
}

function figure(card: string, label: string): string | null {
  const region = screen.getByRole('region', { name: card });
  return within(region).getByText(label).closest('tr')?.querySelector('td')?.textContent ?? null;
}

describe('<AccountingReportPage>', () => {
  it('defaults to the UTC midnight one week back until the end of today in UTC', () => {
    // 00:30 on the 23rd in Tokyo, where the units run (vite.config.ts).
    const now = dayjs.utc('2026-11-22 15:30:00').local();
    expect(defaultAccountingRange(now).map(toApiDate)).toEqual(['2026-11-15 00:00:00', '2026-11-22 23:59:59']);
  });

  it('asks both calls for the range and shows every field of the two cards', async () => {
    const calls = setUp();
    renderWithProviders(<AccountingReportPage />);
    await screen.findByText('Registered users (all time)');
    await screen.findByText('Revenue earned by send');
    const queries = calls
      .filter((c) => c.path.includes('/accounting?'))
      .map((c) => Object.fromEntries(new URL(c.path, 'http://x').searchParams));
    expect(queries).toHaveLength(2);
    expect(queries[0]).toEqual(queries[1]);
    expect(queries[0].maxDate).toBe(toApiDate(dayjs.utc().endOf('day')));

    expect(figure('Users', 'Registered users (all time)')).toBe('1,305');
    expect(figure('Users', 'Verified users (all time)')).toBe('231');
    expect(figure('Users', "Users' assets")).toBe('$4,061,796.20');
    expect(figure('Users', 'Registered in range')).toBe('7');
    expect(figure('Users', 'Verified in range')).toBe('6');
    expect(figure('Financial Reports', "Customers' credit")).toBe('$4,061,796.21');
    expect(figure('Financial Reports', 'Current balance')).toBe('$3,674,966.49');
    expect(figure('Financial Reports', 'Income')).toBe('$2,934,389.11');
    expect(figure('Financial Reports', 'Income transactions')).toBe('1,210');
    expect(figure('Financial Reports', 'Outcome')).toBe('$2,776,405.56');
    expect(figure('Financial Reports', 'Outcome transactions')).toBe('1,233');
    expect(figure('Financial Reports', 'Paid bonuses')).toBe('$190.00');
    expect(figure('Financial Reports', 'Allocated bonus wallets')).toBe('$272,601.43');
    expect(figure('Financial Reports', 'Users with a bonus wallet')).toBe('138');
    expect(figure('Financial Reports', 'Revenue earned by send')).toBe('$5,552.75');
  });

  it('shows no error message when a call fails', async () => {
    setUp(() => apiError(400, 'Bad range.'));
    renderWithProviders(<AccountingReportPage />);
    await screen.findByText('Registered users (all time)');
    const financial = screen.getByRole('region', { name: 'Financial Reports' });
    await waitFor(() => expect(financial.querySelector('.ant-empty')).not.toBeNull());
    expect(screen.queryByText('Bad range.')).toBeNull();
    expect(financial.querySelector('.ant-alert')).toBeNull();
  });
});
