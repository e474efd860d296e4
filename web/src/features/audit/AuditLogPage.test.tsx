import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { setToken } from '../../lib/api';
import { dayjs, toApiDate } from '../../lib/dates';
import { Permission } from '../../lib/permissions';
import type { ApiCall, ApiHandler } from '../../test/mockApi';
import { apiError, mockApi, never } from '../../test/mockApi';
import { jsonResponse, renderWithProviders } from '../../test/render';
import { makeUser } from '../../test/users';
import AuditLogPage from './AuditLogPage';
import { auditPage, makeAuditRow } from './auditFixtures';

const ROLE_UPDATE = makeAuditRow();
const FAILED_SIGN_IN = makeAuditRow({
  id: 40,
  actor: { id: null, email: 'mallory' },
  action: 'login.failure',
  target: 'mallory',
  target_label: null,
  details: { reason: 'unknown_user' },
  ip: '198.51.100.7',
  created_at: '2026-11-22T09:00:00+00:00',
});
const SEED = makeAuditRow({
  id: 1,
  actor: { id: null, email: 'system' },
  action: 'demo.seed',
  target: 'database',
  target_label: null,
  details: {},
  ip: '',
  created_at: '2026-11-01T00:00:00+00:00',
});
const USER_EDIT = makeAuditRow({ id: 39, action: 'user.update', target: 'user:53', target_label: 'ann@xapa.example', details: { enabled: false } });

function setUp(permissions: string[] = [Permission.AUDIT_LOG, Permission.SHOW_USER, Permission.ROLES_LIST], list?: ApiHandler) {
  setToken('t');
  return mockApi({
    'GET /api/user': () => jsonResponse(makeUser({ permissions })),
    'GET /api/admin/audit': list ?? (() => jsonResponse(auditPage([ROLE_UPDATE, FAILED_SIGN_IN, USER_EDIT, SEED], 130))),
    'GET /api/admin/audit/verify': () => jsonResponse({ verified: 130, unkeyed: 0, unchained: 0, last_entry_id: 41, broken_at: null, checkpoint: null }),
    'GET /api/admin/audit/CSV': () =>
      new Response('ID\n41\n', { headers: { 'Content-Disposition': 'attachment; filename="audit.csv"' } }),
  });
}

const listCalls = (calls: ApiCall[]) =>
  calls
    .filter((c) => c.path.startsWith('/api/admin/audit?'))
    .map((c) => Object.fromEntries(new URL(c.path, 'http://x').searchParams));

const rowOf = (id: number) => document.querySelector(`tr[data-row-key="${id}"]`) as HTMLElement;
const cellTexts = (id: number) => within(rowOf(id)).getAllByRole('cell').map((c) => c.textContent);

/** Opens the Action drop-down (once the last one has closed) and picks `option` in it. */
async function pickAction(user: ReturnType<typeof userEvent.setup>, option: string) {
  const combobox = screen.getByRole('combobox', { name: 'Action' });
  await waitFor(() => expect(combobox).toHaveAttribute('aria-expanded', 'false'));
  await user.click(combobox);
  await waitFor(() => expect(combobox).toHaveAttribute('aria-expanded', 'true'));
  const popup = document.querySelector<HTMLElement>('.audit__action-popup')!;
  await user.click(await within(popup).findByTitle(option));
  await waitFor(() => expect(combobox).toHaveAttribute('aria-expanded', 'false'));
}

describe('<AuditLogPage>', () => {
  it('starts on page 1 of 25, one month back at the start of the day to the end of today, no other filter', async () => {
    const calls = setUp();
    renderWithProviders(<AuditLogPage />);
    expect(await screen.findAllByRole('link', { name: 'dana@xapa.example' })).toHaveLength(2);
    const now = dayjs.utc();
    expect(listCalls(calls)[0]).toEqual({
      page: '1',
      maxPerPage: '25',
      minDate: toApiDate(now.subtract(1, 'month').startOf('day')),
      maxDate: toApiDate(now.endOf('day')),
    });
    expect(screen.getByText('130 records')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Page size' }).closest('.ant-select')).toHaveTextContent('View 25 Per Page');
    expect(screen.getByRole('combobox', { name: 'Action' }).closest('.ant-select')).toHaveTextContent('All actions');
    expect(screen.getByPlaceholderText('From')).toHaveValue(now.subtract(1, 'month').startOf('day').format('YYYY-MM-DD HH:mm:ss'));
  });

  it('shows When, Actor, Action, Target, Details and IP in the order the server sends', async () => {
    setUp();
    renderWithProviders(<AuditLogPage />);
    await screen.findAllByRole('link', { name: 'dana@xapa.example' });
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Date (UTC)',
      'Actor',
      'Action',
      'Target',
      'Details',
      'IP',
    ]);
    const ids = [...document.querySelectorAll('.ant-table-tbody tr[data-row-key]')].map((tr) => tr.getAttribute('data-row-key'));
    expect(ids).toEqual(['41', '40', '39', '1']);

    expect(cellTexts(41)).toEqual([
      '2026-11-22 09:05:07',
      'dana@xapa.example',
      'Role edited',
      'Support',
      'RoleSupportAddedADMIN_EDIT_USER',
      '203.0.113.9',
    ]);
    // Details are labelled fields, not JSON.
    expect(within(rowOf(41)).getByText('Added').tagName).toBe('DT');
    expect(within(rowOf(41)).getByRole('link', { name: 'dana@xapa.example' })).toHaveAttribute('href', '/userprofile/3');

    // A failed sign-in: no account, the name typed shown as such, a red tag.
    expect(cellTexts(40).slice(1, 5)).toEqual(['mallory (no account)', 'Sign-in refused', 'mallory', 'Reasonunknown_user']);
    expect(within(rowOf(40)).queryByRole('link')).toBeNull();
    expect(within(rowOf(40)).getByText('Sign-in refused')).toHaveClass('ant-tag-red');
    expect(within(rowOf(40)).getByText('Sign-in refused')).toHaveAttribute('title', 'login.failure');
    expect(within(rowOf(41)).getByText('Role edited')).toHaveClass('ant-tag-purple');
    // A role's name opens Roles.
    expect(within(rowOf(41)).getByRole('link', { name: 'Support' })).toHaveAttribute('href', '/roles');

    // user:N targets open the profile; the system's seed has no details and no IP.
    expect(within(rowOf(39)).getByRole('link', { name: 'ann@xapa.example' })).toHaveAttribute('href', '/userprofile/53');
    expect(cellTexts(1).slice(1)).toEqual(['system', 'Demo data loaded', 'The database', '—', '—']);
  });

  it('shows emails and targets as text without ADMIN_SHOW_USER', async () => {
    setUp([Permission.AUDIT_LOG]);
    renderWithProviders(<AuditLogPage />);
    await screen.findByText('ann@xapa.example');
    expect(screen.queryAllByRole('link')).toEqual([]);
    expect(within(rowOf(41)).getByText('dana@xapa.example')).toBeInTheDocument();
  });

  it('cuts many or long details, with each whole behind More', async () => {
    const user = userEvent.setup();
    const permissions = Array.from({ length: 12 }, (_, i) => `ADMIN_PERMISSION_NUMBER_${i}`);
    const long = makeAuditRow({ id: 7, action: 'role.create', details: { role: 'Auditors', permissions } });
    setUp(undefined, () => jsonResponse(auditPage([long])));
    renderWithProviders(<AuditLogPage />);
    const preview = await screen.findByText(/^ADMIN_PERMISSION_NUMBER_0, .*…$/);
    expect(preview.textContent).toHaveLength(80);
    expect(preview).toHaveAttribute('title', permissions.join(', '));

    await user.click(screen.getByRole('button', { name: 'More details of entry 7' }));
    expect(within(rowOf(7)).getByText(permissions.join(', '))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Less details of entry 7' }));
    expect(within(rowOf(7)).queryByText(permissions.join(', '))).toBeNull();
  });

  it('filters by actor, action family, one action and typed text, each time from page 1', async () => {
    const user = userEvent.setup();
    const calls = setUp();
    renderWithProviders(<AuditLogPage />);
    await screen.findAllByRole('link', { name: 'dana@xapa.example' });

    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(listCalls(calls).at(-1)).toMatchObject({ page: '3' }));
    // Pasted, not typed: on a busy machine a pause between keystrokes outlasts the debounce.
    await user.click(screen.getByRole('searchbox', { name: 'Actor' }));
    await user.paste(' dana ');
    await waitFor(() => expect(listCalls(calls).at(-1)).toMatchObject({ page: '1', actor: 'dana' }));

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(listCalls(calls).at(-1)).toMatchObject({ page: '2' }));
    await pickAction(user, 'Roles (role.*)');
    await waitFor(() => expect(listCalls(calls).at(-1)).toMatchObject({ page: '1', actor: 'dana', action: 'role.' }));

    await pickAction(user, 'login.failure');
    await waitFor(() => expect(listCalls(calls).at(-1)).toMatchObject({ page: '1', action: 'login.failure' }));

    // Free text: typed, then picked.
    const combobox = screen.getByRole('combobox', { name: 'Action' });
    await user.click(combobox);
    await user.keyboard('old.action');
    await user.click(await screen.findByTitle('old.action'));
    await waitFor(() => expect(combobox).toHaveAttribute('aria-expanded', 'false'));
    await waitFor(() => expect(listCalls(calls).at(-1)).toMatchObject({ page: '1', action: 'old.action' }));
    expect(screen.getByRole('combobox', { name: 'Action' }).closest('.ant-select')).toHaveTextContent('old.action');

    // Back to every action (that page is still fresh in the cache), then a new actor: no action in the call.
    await pickAction(user, 'All actions');
    expect(screen.getByRole('combobox', { name: 'Action' }).closest('.ant-select')).toHaveTextContent('All actions');
    await user.clear(screen.getByRole('searchbox', { name: 'Actor' }));
    await user.paste('xapa');
    await waitFor(() => expect(listCalls(calls).at(-1)).toMatchObject({ page: '1', actor: 'xapa' }));
    expect(listCalls(calls).at(-1)).not.toHaveProperty('action');
  });

  it('filters by the reads (exports and profile openings), as a family and one by one, and names them', async () => {
    const user = userEvent.setup();
    const exported = makeAuditRow({
      id: 50,
      action: 'read.csv_export',
      target: '',
      details: { route: '/api/admin/audit/CSV', filters: { action: 'role.' }, rows: 3, bytes: 120, seconds: 0.2, cut: false },
    });
    const calls = setUp(undefined, () => jsonResponse(auditPage([exported], 1)));
    renderWithProviders(<AuditLogPage />);
    await screen.findByRole('link', { name: 'dana@xapa.example' });
    expect(within(rowOf(50)).getByText(/^CSV exported/)).toHaveAttribute('title', 'read.csv_export');

    await pickAction(user, 'Reads (read.*)');
    await waitFor(() => expect(listCalls(calls).at(-1)).toMatchObject({ page: '1', action: 'read.' }));
    await pickAction(user, 'read.profile_open');
    await waitFor(() => expect(listCalls(calls).at(-1)).toMatchObject({ page: '1', action: 'read.profile_open' }));
  });

  it('goes back to page 1 on a new page size, and downloads the CSV of the current filters', async () => {
    const user = userEvent.setup();
    const calls = setUp(undefined, () => jsonResponse(auditPage([ROLE_UPDATE], 300)));
    renderWithProviders(<AuditLogPage />);
    await screen.findByRole('link', { name: 'dana@xapa.example' });
    await user.click(screen.getByRole('button', { name: 'Page 4' }));
    await waitFor(() => expect(listCalls(calls).at(-1)).toMatchObject({ page: '4', maxPerPage: '25' }));
    await user.click(screen.getByRole('combobox', { name: 'Page size' }));
    await user.click(await screen.findByTitle('View 100 Per Page'));
    await waitFor(() => expect(listCalls(calls).at(-1)).toMatchObject({ page: '1', maxPerPage: '100' }));
    await pickAction(user, 'Users (user.*)');
    await waitFor(() => expect(listCalls(calls).at(-1)).toMatchObject({ action: 'user.' }));

    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const original = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    calls.length = 0;
    try {
      await user.click(screen.getByRole('button', { name: /Download CSV/ }));
      await waitFor(() => expect(click).toHaveBeenCalled());
    } finally {
      Object.assign(URL, original);
      click.mockRestore();
    }
    const csv = calls.find((c) => c.path.startsWith('/api/admin/audit/CSV?'));
    const query = Object.fromEntries(new URL(csv!.path, 'http://x').searchParams);
    expect(Object.keys(query).sort()).toEqual(['action', 'maxDate', 'minDate']);
    expect(query.action).toBe('user.');
  });

  it('shows a spinner while loading, then the empty state', async () => {
    let answer: (r: Response) => void = () => {};
    setUp(undefined, () => new Promise<Response>((resolve) => (answer = resolve)));
    renderWithProviders(<AuditLogPage />);
    await waitFor(() => expect(document.querySelector('.ant-spin-spinning')).not.toBeNull());
    // Nothing is known yet: no count, and no empty text under the spinner.
    expect(screen.queryByText('0 records')).toBeNull();
    expect(screen.queryByText('No audit entries')).toBeNull();
    answer(jsonResponse(auditPage([], 0)));
    expect(await within(screen.getByRole('table')).findByText('No audit entries')).toBeInTheDocument();
    await waitFor(() => expect(document.querySelector('.ant-spin-spinning')).toBeNull());
    expect(screen.getByText('0 records')).toBeInTheDocument();
  });

  it('shows the message of a failed call above an empty list', async () => {
    setUp(undefined, () => apiError(403, 'You do not have permission to do this.'));
    renderWithProviders(<AuditLogPage />);
    expect(await screen.findByText('You do not have permission to do this.')).toBeInTheDocument();
    expect(within(screen.getByRole('table')).getByText('No audit entries')).toBeInTheDocument();
  });

  it('never asks for the list twice at once while a call is running', async () => {
    const calls = setUp(undefined, never);
    renderWithProviders(<AuditLogPage />);
    await waitFor(() => expect(listCalls(calls)).toHaveLength(1));
  });
});
