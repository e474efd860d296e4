import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../test/mockApi';
import { jsonResponse, renderWithProviders } from '../../test/render';
import BlacklistPage from './BlacklistPage';

describe('<BlacklistPage>', () => {
  it('lists the markets with Id, Market Name and a Delete button', async () => {
    mockApi({
      'GET /api/admin/exchange/blackList': () =>
        jsonResponse({ code: 200, res: { result: [{ id: 1, MarketName: 'LUNA/USDT' }, { id: 2, MarketName: 'FTT/USDT' }] } }),
    });
    renderWithProviders(<BlacklistPage />);
    expect(await screen.findByText('LUNA/USDT')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['ID', 'Market Name', 'Delete']);
    expect(screen.getByRole('button', { name: 'Delete FTT/USDT' })).toBeEnabled();
  });

  it('counts only a reply with code 200', async () => {
    mockApi({ 'GET /api/admin/exchange/blackList': () => jsonResponse({ code: 500, res: { result: [] } }) });
    renderWithProviders(<BlacklistPage />);
    expect(await screen.findByText('The black list could not be loaded.')).toBeInTheDocument();
  });
});
