import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AppRoutes } from '../../app/routes';
import { Permission } from '../../lib/permissions';
import type { ApiHandler } from '../../test/mockApi';
import { apiError, mockApi, never, noContent } from '../../test/mockApi';
import { jsonResponse, renderWithProviders } from '../../test/render';
import { SUPPORT_PERMISSIONS, signedInAs } from '../../test/users';
import { DISCARDED } from './DiscardModal';
import IntegrationPage from './IntegrationPage';
import type { Command, IntegrationSummary, Letter } from './integrationApi';
import { ageText } from './integrationText';

const NOW = '2026-11-28T12:00:00Z';

const SUMMARY: IntegrationSummary = {
  sources: [{ name: 'wallet-service', lastEventAt: '2026-11-28T11:59:48Z', lastReceivedAt: '2026-11-28T11:59:50Z' }],
  lastHour: { applied: 1200, duplicate: 3, rejected: 1 },
  held: 1,
  dead: 1,
  commands: { waiting: 2, failing: 1, rejected: 1, oldestWaitingAt: '2026-11-28T11:54:00Z' },
  serverTime: NOW,
};

const DEAD: Letter = {
  id: 7, source: 'wallet-service', eventId: 'e-7', type: 'xapa.chain.v1', state: 'dead', waitsFor: '',
  reason: 'data: decimals: must be at most 18', receivedAt: '2026-11-28T11:50:00Z', body: '{"id":"e-7"}', retryable: true,
};
const HELD: Letter = { ...DEAD, id: 8, eventId: 'e-8', type: 'xapa.wallet.v1', state: 'held', waitsFor: 'customer:c-9', reason: '' };

const FAILING: Command = {
  id: 'c-1', type: 'xapa.cmd.customer.v1', entity: 'customer:17', state: 'waiting', attempts: 3,
  lastError: 'the receiver answered 503 Service Unavailable', reason: '', createdAt: '2026-11-28T11:54:00Z',
  nextAttemptAt: '2026-11-28T12:00:04Z', deliveredAt: null, answeredAt: null, body: '{"id":"c-1"}',
};

function page<K extends string, T>(key: K, rows: T[]) {
  return { [key]: rows, page: 1, items_per_page: 10, total_items: rows.length, total_pages: 1 } as Record<K, T[]>;
}

function setUp(routes: Record<string, ApiHandler> = {}, permissions: string[] = [Permission.INTEGRATION]) {
  return mockApi({
    ...signedInAs(permissions),
    'GET /api/admin/integration': () => jsonResponse(SUMMARY),
    'GET /api/admin/integration/letters': () => jsonResponse(page('letters', [DEAD, HELD])),
    'GET /api/admin/integration/commands': () => jsonResponse(page('commands', [FAILING])),
    'GET /healthz': () => jsonResponse({ status: 'ok', database: 'ok' }),
    ...routes,
  });
}

const rowOf = (key: string | number) => document.querySelector(`tr[data-row-key="${key}"]`) as HTMLElement;

describe('<IntegrationPage>', () => {
  it('shows each source with its newest event and age, the last hour, and the commands waiting', async () => {
    setUp();
    renderWithProviders(<IntegrationPage />, { route: '/integration' });
    const events = await screen.findByRole('region', { name: 'Events from the core' });
    expect(await within(events).findByText('wallet-service')).toBeInTheDocument();
    expect(within(events).getByText('12 s')).toBeInTheDocument();
    expect(within(events).getByText('1200')).toBeInTheDocument();
    const commands = screen.getByRole('region', { name: 'Commands to the core' });
    expect(await within(commands).findByText('6 min')).toBeInTheDocument();
    expect(await within(commands).findByText('3 failed: the receiver answered 503 Service Unavailable')).toBeInTheDocument();
  });

  it('retries an event after a confirmation, and says what it became', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = setUp({
      'POST /api/admin/integration/letters/7/retry': () => jsonResponse({ result: { id: 'e-7', status: 'applied' } }),
    });
    renderWithProviders(<IntegrationPage />, { route: '/integration' });
    await screen.findByText('Waits for customer:c-9');
    await user.click(within(rowOf(7)).getByRole('button', { name: 'Retry event e-7' }));
    await user.click(within(await screen.findByRole('tooltip')).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Retried: the event was applied.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/admin/integration/letters/7/retry']);
  });

  it('discards an event only with a reason, and keeps a refusal in the dialog', async () => {
    const user = userEvent.setup({ delay: null });
    let refuse = true;
    const calls = setUp({
      'POST /api/admin/integration/letters/8/discard': () =>
        refuse ? apiError(404, 'Event kept aside not found.') : noContent(),
    });
    renderWithProviders(<IntegrationPage />, { route: '/integration' });
    await screen.findByText('Waits for customer:c-9');
    await user.click(within(rowOf(8)).getByRole('button', { name: 'Discard event e-8' }));
    // Named by its title in a browser; here every antd id is the same test id, so the title is checked as text.
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Discard the event')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Discard' }));
    expect(await within(dialog).findByText('Give the reason for discarding this event.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'A test wallet');
    await user.click(within(dialog).getByRole('button', { name: 'Discard' }));
    expect(await within(dialog).findByText('Event kept aside not found.')).toBeInTheDocument();
    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Discard' }));
    expect(await screen.findByText(DISCARDED)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { reason: 'A test wallet' },
      { reason: 'A test wallet' },
    ]);
  });

  it("shows a failed summary's message, and the lists' empty states", async () => {
    setUp({
      'GET /api/admin/integration': () => apiError(500, 'The database is unavailable.'),
      'GET /api/admin/integration/letters': () => jsonResponse(page('letters', [])),
      'GET /api/admin/integration/commands': () => jsonResponse(page('commands', [])),
    });
    renderWithProviders(<IntegrationPage />, { route: '/integration' });
    expect(await screen.findByText('The database is unavailable.')).toBeInTheDocument();
    expect(await screen.findByText('No event kept aside')).toBeInTheDocument();
    expect(screen.getByText('No command to the core')).toBeInTheDocument();
  });
});

describe('the Integration entry of the menu', () => {
  it('is not there without ADMIN_INTEGRATION, and a typed /integration is Access Denied with no call', async () => {
    const calls = setUp({ 'GET /api/admin/integration': never }, [...SUPPORT_PERMISSIONS]);
    renderWithProviders(<AppRoutes />, { route: '/integration' });
    expect(await screen.findByText('Access Denied')).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(menu).queryByRole('link', { name: 'Integration', hidden: true })).toBeNull();
    expect(calls.filter((c) => c.path.startsWith('/api/admin/integration'))).toEqual([]);
  });
});

describe('ageText', () => {
  it('reads seconds, minutes, hours and days', () => {
    expect([ageText(NOW, '2026-11-28T11:59:59Z'), ageText(NOW, '2026-11-28T11:58:00Z'), ageText(NOW, '2026-11-28T09:00:00Z'),
      ageText(NOW, '2026-11-25T12:00:00Z'), ageText(NOW, '2026-11-28T12:00:05Z')]).toEqual(['1 s', '2 min', '3 h', '3 d', '0 s']);
  });
});
