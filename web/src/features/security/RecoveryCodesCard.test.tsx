import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi } from '../../test/mockApi';
import { jsonResponse, renderWithProviders } from '../../test/render';
import { SUPPORT_PERMISSIONS, signedInAs } from '../../test/users';
import { CODES_SHOWN_ONCE, RecoveryCodesCard } from './RecoveryCodesCard';

const CODES = Array.from({ length: 10 }, (_, i) => `ABCD-EFGH-JKMN-PQ${String(i).padStart(2, '0')}`);

describe('<RecoveryCodesCard>', () => {
  it('counts the unused codes, and after a confirmation shows ten new ones once', async () => {
    let remaining = 3;
    const calls = mockApi({
      ...signedInAs(SUPPORT_PERMISSIONS),
      'GET /api/user/recovery-codes': () => jsonResponse({ remaining }),
      'POST /api/user/recovery-codes': () => {
        remaining = 10;
        return jsonResponse({ codes: CODES });
      },
    });
    renderWithProviders(<RecoveryCodesCard />);
    const card = screen.getByRole('region', { name: 'Recovery codes' });
    expect(await within(card).findByText('3 unused recovery codes left.')).toBeInTheDocument();

    await userEvent.click(within(card).getByRole('button', { name: 'Replace recovery codes' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.click(within(card).getByRole('button', { name: 'Replace recovery codes' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Make new codes' }));
    const list = await within(card).findByRole('list', { name: 'Your new recovery codes' });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(CODES);
    expect(within(card).getByText(CODES_SHOWN_ONCE)).toBeInTheDocument();
    expect(await within(card).findByText('10 unused recovery codes left.')).toBeInTheDocument();
  });

  it("shows the server's refusal, and nothing is listed", async () => {
    mockApi({
      ...signedInAs(SUPPORT_PERMISSIONS),
      'GET /api/user/recovery-codes': () => jsonResponse({ remaining: 0 }),
      'POST /api/user/recovery-codes': () => apiError(429, 'Too many attempts. Try again in 15 minutes.'),
    });
    renderWithProviders(<RecoveryCodesCard />);
    const card = screen.getByRole('region', { name: 'Recovery codes' });
    expect(await within(card).findByText('You have no recovery codes.')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Make recovery codes' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Make new codes' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('Too many attempts. Try again in 15 minutes.');
    expect(within(card).queryByRole('list')).toBeNull();
  });

  it('without an authenticator: explains that one comes first, and asks nothing of the server', async () => {
    const calls = mockApi({ ...signedInAs(SUPPORT_PERMISSIONS, { isGoogleAuthenticatorEnabled: false }) });
    renderWithProviders(<RecoveryCodesCard />);
    expect(await screen.findByText('Recovery codes stand in for an authenticator: set one up first.')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/user/recovery-codes')).toBe(false);
  });
});
