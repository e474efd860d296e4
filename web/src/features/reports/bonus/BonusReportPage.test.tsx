import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setToken } from '../../../lib/api';
import { Permission } from '../../../lib/permissions';
import { never, mockApi } from '../../../test/mockApi';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { makeUser } from '../../../test/users';
import { makeBonusRow, reply } from '../reportTestData';
import BonusReportPage from './BonusReportPage';

function setUp(list: () => Response | Promise<Response>) {
  setToken('t');
  return mockApi({
    'GET /api/user': () => jsonResponse(makeUser({ permissions: [Permission.BONUS_REPORT, Permission.SHOW_USER] })),
    'GET /api/admin/wallets/report': list,
  });
}

describe('<BonusReportPage>', () => {
  it('shows U-ID, User, Invited User, Bonus Amount (Coin), Bonus Amount ($), Time Stamp', async () => {
    setUp(() => jsonResponse(reply('reports', [makeBonusRow()])));
    renderWithProviders(<BonusReportPage />);
    const row = (await screen.findByText('noah@example.com')).closest('tr')!;
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'U-ID',
      'User',
      'Invited User',
      'Bonus Amount (Coin)',
      'Bonus Amount ($)',
      'Time Stamp (UTC)',
    ]);
    expect(within(row).getAllByRole('cell').map((c) => c.textContent)).toEqual([
      '85',
      'noah@example.com',
      'nadia@example.com',
      '10.000000 USDT',
      '$1,234.50',
      '2026-11-22 03:40:24',
    ]);
    expect(screen.getByRole('button', { name: 'Download CSV' })).toHaveClass('ant-btn-color-green');
  });

  it('shows a spinner until the reply comes', async () => {
    setUp(never);
    const { container } = renderWithProviders(<BonusReportPage />);
    await screen.findByRole('searchbox', { name: 'User Email' });
    expect(container.querySelector('.ant-table-wrapper .ant-spin-spinning')).not.toBeNull();
  });
});
