import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ApiHandler } from '../../test/mockApi';
import { mockApi, noContent } from '../../test/mockApi';
import { jsonResponse, renderWithProviders } from '../../test/render';
import AppVersionsPage from './AppVersionsPage';
import type { AppVersion } from './types';

const GROUPS = ['New Features', 'Improvements', 'Bug Fixes', 'Security', 'Known Issues'];

const VERSION: AppVersion = {
  id: 7,
  name: '1.030.01',
  releaseDate: '2026-11-17T03:00:00+00:00',
  platform: 'Web',
  forceUpdateRequired: true,
  changeLog: [{ groupName: 'Bug Fixes', items: ['CSV export dates'] }],
};

function setUp(extra: Record<string, ApiHandler> = {}) {
  return mockApi({
    'GET /api/admin/app_versions': () =>
      jsonResponse({ appVersions: [VERSION], page: 1, items_per_page: 25, total_items: 1, total_pages: 1 }),
    'GET /api/admin/app_versions/groups': () => jsonResponse(GROUPS),
    ...extra,
  });
}

type User = ReturnType<typeof userEvent.setup>;

async function chooseGroup(user: User, group: string) {
  await user.click(screen.getByRole('combobox', { name: 'Group' }));
  await user.click(await screen.findByTitle(group));
}

/** Types a release date into the picker and confirms it (Enter). */
function setReleaseDate(text: string) {
  const input = screen.getByLabelText('Release Date (UTC)');
  fireEvent.mouseDown(input);
  fireEvent.change(input, { target: { value: text } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
}

describe('<AppVersionsPage>', () => {
  it('lists the versions; View Change Log opens the row', async () => {
    const user = userEvent.setup({ delay: null });
    setUp();
    renderWithProviders(<AppVersionsPage />);
    expect(await screen.findByText('1.030.01')).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['ID', 'Name', 'Release Date (UTC)', 'Platform', 'Force Update', 'At the Core', 'View Change Log', 'Delete']);
    // 03:00 UTC, though the units run in Tokyo (vite.config.ts).
    expect(screen.getByText('2026-11-17 03:00:00')).toBeInTheDocument();
    expect(screen.queryByText('CSV export dates')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'View Change Log of Web 1.030.01' }));
    expect(await screen.findByText('CSV export dates')).toBeInTheDocument();
    expect(screen.getByText('1 record')).toBeInTheDocument();
  });

  it('puts the dots into the name as it is typed', async () => {
    const user = userEvent.setup({ delay: null });
    setUp();
    renderWithProviders(<AppVersionsPage />);
    const name = screen.getByLabelText('Name');
    await user.type(name, '21');
    expect(name).toHaveValue('2.1');
    await user.type(name, '4001');
    expect(name).toHaveValue('2.140.01');
    await user.type(name, '9');
    expect(name).toHaveValue('2.140.01');
  });

  it('builds a change log by the rules and submits it; the list reloads', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = setUp({ 'POST /api/admin/app_versions/new': () => jsonResponse({ id: 8 }, { status: 201 }) });
    renderWithProviders(<AppVersionsPage />);
    await screen.findByText('1.030.01');
    const addChangelog = screen.getByRole('button', { name: 'Add Changelog' });
    const submit = screen.getByRole('button', { name: 'Submit Changelog' });
    const addItem = screen.getByRole('button', { name: /Add Item/ });

    // Item fields wait for a group; Add Changelog for the name and the release date.
    expect(screen.getByRole('textbox', { name: 'Item 1' })).toBeDisabled();
    await chooseGroup(user, 'New Features');
    const item1 = screen.getByRole('textbox', { name: 'Item 1' });
    expect(item1).toBeEnabled();
    await user.type(item1, 'Dar');
    expect(addItem).toBeDisabled();
    await user.type(item1, 'k mode');
    expect(addItem).toBeEnabled();
    expect(addChangelog).toBeDisabled();

    await user.type(screen.getByLabelText('Name'), '214001');
    expect(addChangelog).toBeDisabled();
    setReleaseDate('2026-12-01 10:30:00');
    await waitFor(() => expect(addChangelog).toBeEnabled());
    expect(submit).toBeDisabled();

    await user.click(addItem);
    await user.type(screen.getByRole('textbox', { name: 'Item 2' }), 'Quicker start');
    await user.click(addChangelog);
    expect(screen.getByRole('region', { name: 'New Features' })).toHaveTextContent('Dark modeQuicker start');
    expect(screen.getByRole('textbox', { name: 'Item 1' })).toBeDisabled();
    expect(submit).toBeEnabled();

    await chooseGroup(user, 'Security');
    await user.type(screen.getByRole('textbox', { name: 'Item 1' }), 'Shorter sessions');
    await user.click(addChangelog);
    await user.click(screen.getByLabelText('Force Update Required'));
    await user.click(submit);

    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: '2.140.01',
      releaseDate: '2026-12-01 10:30:00',
      platform: 'Android',
      forceUpdateRequired: true,
      changeLog: [
        { groupName: 'New Features', items: ['Dark mode', 'Quicker start'] },
        { groupName: 'Security', items: ['Shorter sessions'] },
      ],
    });
    expect(await screen.findByText('App version has been created')).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((c) => c.path.startsWith('/api/admin/app_versions?')).length).toBe(2));
    expect(screen.getByLabelText('Name')).toHaveValue('');
    // The same button (its name may still hold the loading icon's "loading": jsdom never ends the icon's leave motion).
    expect(submit).toBeDisabled();
  });

  it('deletes a version only after the confirmation', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = setUp({ 'DELETE /api/admin/app_versions/7': () => noContent() });
    renderWithProviders(<AppVersionsPage />);
    await user.click(await screen.findByRole('button', { name: 'Delete Web 1.030.01' }));
    const confirm = await screen.findByRole('tooltip');
    expect(within(confirm).getByText('Delete this app version?')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete Web 1.030.01' }));
    await user.click(within(await screen.findByRole('tooltip')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/admin/app_versions/7')).toBe(true));
    expect(await screen.findByText('App version has been deleted')).toBeInTheDocument();
  });
});
