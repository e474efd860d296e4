/**
 * Audit Log (/audit, ADMIN_AUDIT_LOG): the menu entry under Settings, a write made through the API at the top of the
 * list with its actor and action, the action and actor filters against the API's answers, paging and page size,
 * the CSV of the filtered list, and Access Denied (no menu entry) for a staff member without the permission.
 */
import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { chooseOption } from '../fixtures/antd';
import { nextCallAndReply } from '../fixtures/calls';
import { menuEntry, menuGroups, menuLinks } from '../fixtures/menu';
import { expect, test } from '../fixtures/server';
import type { BackofficeServer } from '../fixtures/server';
import { sensitiveCall } from '../fixtures/step-up';
import { tokenFor, useToken } from '../fixtures/sign-in';

// A server of its own: the tests count audit entries, which other files' writes and sign-ins would move.
test.use({ serverOptions: { label: 'audit' } });

const AUDIT_LIST = /\/api\/admin\/audit\?/;

interface AuditRow {
  id: number;
  actor: { id: number | null; email: string };
  action: string;
  target: string;
  target_label: string | null;
  details: unknown;
  ip: string;
  created_at: string;
}
interface AuditPage {
  audit: AuditRow[];
  page: number;
  items_per_page: number;
  total_items: number;
  total_pages: number;
}

const demoToken = (server: BackofficeServer, request: APIRequestContext) => tokenFor(request, server, server.creds.username);

async function api<T>(request: APIRequestContext, token: string, path: string, query: Record<string, string | number> = {}): Promise<T> {
  const res = await request.get(`/api${path}`, { params: query, headers: { Authorization: `Bearer ${token}` } });
  expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
  return (await res.json()) as T;
}

/** The query and reply of the next list call the page makes (after `action`). */
/**
 * The list call that `action` leads to: the first one, or the first whose query satisfies `wanted` (a filter typed in
 * a search box reaches the query after a debounce, so an earlier call may still carry its old value).
 */
async function nextCall(
  page: Page,
  action: () => Promise<unknown>,
  wanted: (query: URLSearchParams) => boolean = () => true,
): Promise<{ query: Record<string, string>; reply: AuditPage }> {
  const isList = (url: string) => AUDIT_LIST.test(url) && wanted(new URL(url).searchParams);
  const { query, response } = await nextCallAndReply(page, isList, action);
  expect(response.status()).toBe(200);
  return { query, reply: (await response.json()) as AuditPage };
}

/** Opens `path` with `token` stored, and returns the first audit list call when `path` is /audit. */
async function openWith(page: Page, token: string, path: string) {
  await page.goto('/admin/login');
  await useToken(page, token);
  return nextCall(page, () => page.goto(path));
}

const rows = (page: Page): Locator => page.locator('.ant-table-tbody tr[data-row-key]');
const rowIds = (page: Page) => rows(page).evaluateAll((trs) => trs.map((tr) => Number(tr.getAttribute('data-row-key'))));
const pager = (page: Page) => page.getByTestId('list-pager');

/** Waits until the side menu's Settings group lists `links`. */
const expectSettingLinks = (page: Page, links: string[]) =>
  expect.poll(async () => (await menuGroups(page)).Settings ?? []).toEqual(links);

const pickAction = (page: Page, option: string) => chooseOption(page, page.getByRole('combobox', { name: 'Action' }), option);
const pickPageSize = (page: Page, option: string) => chooseOption(page, page.getByRole('combobox', { name: 'Page size' }), option);

/** The list call's filters without paging (for the same question to the API). */
const filtersOf = (query: Record<string, string>) => {
  const { page: _page, maxPerPage: _size, ...rest } = query;
  return rest;
};

test.describe('audit log', () => {
  // Per worker (a failed test gets a new worker, hence a new server): each test calls `ensureRole` first.
  let demoEmail = '';
  let roleId = 0;
  const roleName = `Auditors ${Date.now().toString(36)}`;

  /** The demo staff member's token; creates the role the tests edit (one role.create entry) if not done yet. */
  async function ensureRole(server: BackofficeServer, request: APIRequestContext): Promise<string> {
    const token = await demoToken(server, request);
    if (!demoEmail) demoEmail = (await api<{ email: string }>(request, token, '/user')).email;
    if (!roleId) {
      const created = await sensitiveCall(request, token, server.creds, (headers) =>
        request.post('/api/admin/roles/new', {
          headers,
          data: { role: roleName, description: 'Reads the audit log', permissions: ['ADMIN_AUDIT_LOG', 'ADMIN_USERS_LIST'] },
        }),
      );
      expect(created.status(), await created.text()).toBe(201);
      roleId = ((await created.json()) as { id: number }).id;
    }
    return token;
  }

  test('Audit Log is under Settings; a role created through the API is at the top with its actor and action', async ({
    page,
    server,
    request,
    pageProblems,
  }) => {
    const token = await ensureRole(server, request);

    // From the menu: Settings lists Audit Log (demo holds every key).
    await page.goto('/admin/login');
    await useToken(page, token);
    await page.goto('/');
    await expectSettingLinks(page, ['Members', 'Roles and Permissions', 'ChangeLog', 'Promotion', 'Tokens', 'Black List', 'Audit Log', 'Sessions', 'Approvals', 'Integration']);
    const auditEntry = await menuEntry(page, 'Audit Log');
    const first = await nextCall(page, () => auditEntry.click());
    await expect(page).toHaveURL(/\/audit$/);
    await expect(page.getByRole('heading', { name: 'Audit Log', level: 1 })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toHaveText(/Home.*Settings.*Audit Log/);
    expect(first.query).toMatchObject({ page: '1', maxPerPage: '25' });
    expect(Object.keys(first.query).sort()).toEqual(['maxDate', 'maxPerPage', 'minDate', 'page']);

    // The page shows the reply, newest first; the API answers the same for the same question.
    const fresh = await api<AuditPage>(request, token, '/admin/audit', first.query);
    expect(fresh.audit.map((r) => r.id)).toEqual(first.reply.audit.map((r) => r.id));
    await expect(rows(page)).toHaveCount(first.reply.audit.length);
    expect(await rowIds(page)).toEqual(first.reply.audit.map((r) => r.id));
    const times = first.reply.audit.map((r) => Date.parse(r.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    await expect(pager(page).getByText(`${first.reply.total_items} records`, { exact: true })).toBeVisible();

    const top = first.reply.audit[0];
    expect(top).toMatchObject({ action: 'role.create', target: `role:${roleId}`, actor: { email: demoEmail } });
    expect(top.actor.id).not.toBeNull();
    const topRow = rows(page).first();
    const cells = await topRow.locator('td').allInnerTexts();
    expect(cells[0]).toBe(top.created_at.slice(0, 19).replace('T', ' '));
    // In words: the action's label (its code in the tooltip), the role by name linking to Roles, labelled details.
    expect(cells.slice(1, 4)).toEqual([demoEmail, 'Role created', roleName]);
    expect(top.target_label).toBe(roleName);
    await expect(topRow.getByRole('link', { name: roleName })).toHaveAttribute('href', '/roles');
    await expect(topRow.locator('dt')).toHaveText(['Permissions', 'Role']);
    await expect(topRow.locator('dd')).toHaveText(['ADMIN_AUDIT_LOG, ADMIN_USERS_LIST', roleName]);
    expect(cells[4]).not.toContain('{');
    expect(cells[5]).toBe(top.ip);
    await expect(topRow.locator('.ant-tag')).toHaveClass(/ant-tag-purple/);
    await expect(topRow.locator('.ant-tag')).toHaveAttribute('title', 'role.create');
    // demo has ADMIN_SHOW_USER: the actor's email opens their profile.
    await expect(topRow.getByRole('link', { name: demoEmail })).toHaveAttribute('href', `/userprofile/${top.actor.id}`);

    // The demo's seed, written by nobody: "system", no link.
    const seed = await api<AuditPage>(request, token, '/admin/audit', { action: 'demo.seed', maxPerPage: 1 });
    expect(seed.audit[0]?.actor).toEqual({ id: null, email: 'system' });

    expect(pageProblems.isEmpty, pageProblems.summary()).toBe(true);
  });

  test('filters by action (family, one action, typed) and by actor narrow the list as the API does', async ({
    page,
    server,
    request,
    pageProblems,
  }) => {
    const token = await ensureRole(server, request);
    // Two more role writes, and a sign-in by another staff member (so there are several actors).
    for (const description of ['First edit', 'Second edit with a much longer description, to be cut in the table']) {
      const res = await sensitiveCall(request, token, server.creds, (headers) =>
        request.post(`/api/admin/roles/${roleId}/edit`, { headers, data: { role: roleName, description, permissions: ['ADMIN_AUDIT_LOG'] } }),
      );
      expect(res.status(), await res.text()).toBe(200);
    }
    await tokenFor(request, server, 'compliance');

    const all = await openWith(page, token, '/audit');
    const everything = all.reply.total_items;

    // A family: role.* only.
    let call = await nextCall(page, () => pickAction(page, 'Roles (role.*)'), (q) => q.get('action') === 'role.');
    expect(call.query).toMatchObject({ page: '1', action: 'role.' });
    expect(call.reply.total_items).toBeGreaterThanOrEqual(3);
    expect(call.reply.total_items).toBeLessThan(everything);
    expect(call.reply.audit.map((r) => r.action)).toEqual(['role.update', 'role.update', 'role.create']);
    await expect(rows(page)).toHaveCount(call.reply.audit.length);
    for (const tag of await rows(page).locator('.ant-tag').evaluateAll((ts) => ts.map((t) => t.getAttribute('data-action')))) {
      expect(tag).toMatch(/^role\./);
    }
    const byApi = await api<AuditPage>(request, token, '/admin/audit', call.query);
    expect(byApi.audit.map((r) => r.id)).toEqual(call.reply.audit.map((r) => r.id));

    // A role.update with many details: the first ones, then all of them behind More.
    const update = rows(page).first();
    await expect(update.getByText('Second edit with a much longer description, to be cut in the table')).toHaveCount(0);
    await update.getByRole('button', { name: /^More details of entry/ }).click();
    await expect(update.getByText('Second edit with a much longer description, to be cut in the table')).toBeVisible();

    // One action.
    call = await nextCall(page, () => pickAction(page, 'login.success'), (q) => q.get('action') === 'login.success' && !q.has('actor'));
    expect(call.query).toMatchObject({ page: '1', action: 'login.success' });
    expect(call.reply.total_items).toBeGreaterThanOrEqual(2); // demo and compliance signed in
    for (const tag of await rows(page).locator('.ant-tag').allInnerTexts()) expect(tag).toBe('Signed in');

    // The actor filter on top: only compliance's sign-ins.
    call = await nextCall(
      page,
      () => page.getByRole('searchbox', { name: 'Actor' }).fill('compliance'),
      (q) => q.get('actor') === 'compliance',
    );
    expect(call.query).toMatchObject({ page: '1', action: 'login.success', actor: 'compliance' });
    expect(call.reply.total_items).toBeGreaterThanOrEqual(1);
    const actors = await rows(page).locator('td:nth-child(2)').allInnerTexts();
    expect(actors.length).toBe(call.reply.audit.length);
    for (const actor of actors) expect(actor).toContain('compliance');
    const sameByApi = await api<AuditPage>(request, token, '/admin/audit', call.query);
    expect(sameByApi.audit.map((r) => r.id)).toEqual(call.reply.audit.map((r) => r.id));

    // Free text that is not in the list: the typed action, exactly.
    await page.getByRole('searchbox', { name: 'Actor' }).fill('');
    await page.getByRole('combobox', { name: 'Action' }).click();
    await page.keyboard.type('demo.seed');
    call = await nextCall(
      page,
      () => page.locator('.audit__action-popup:visible .ant-select-item-option[title="demo.seed"]').click(),
      (q) => q.get('action') === 'demo.seed' && !q.has('actor'), // the cleared Actor box may reach the query later
    );
    expect(call.query).toMatchObject({ page: '1', action: 'demo.seed' });
    expect(call.query).not.toHaveProperty('actor');
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first().locator('td').nth(1)).toHaveText('system');
    await expect(rows(page).first().getByRole('link')).toHaveCount(0);

    // Back to every action: the unfiltered list again. Its first reply may still be fresh in the query cache, so
    // there may be no new call; the rows are the check.
    await pickAction(page, 'All actions');
    await expect(rows(page)).toHaveCount(all.reply.audit.length);
    expect(await rowIds(page)).toEqual(all.reply.audit.map((r) => r.id));
    expect(pageProblems.isEmpty, pageProblems.summary()).toBe(true);
  });

  test('paging and page size, then the CSV of the filtered list', async ({ page, server, request, pageProblems }) => {
    const token = await ensureRole(server, request);
    // Enough entries for two pages of 25: role edits.
    for (let i = 0; i < 30; i += 1) {
      const res = await sensitiveCall(request, token, server.creds, (headers) =>
        request.post(`/api/admin/roles/${roleId}/edit`, {
          headers,
          data: { role: roleName, description: `Edit ${i}`, permissions: ['ADMIN_AUDIT_LOG'] },
        }),
      );
      expect(res.status(), await res.text()).toBe(200);
    }

    const first = await openWith(page, token, '/audit');
    const total = first.reply.total_items;
    expect(total).toBeGreaterThan(25);
    await expect(rows(page)).toHaveCount(25);
    await expect(pager(page).getByRole('button', { name: /^Page \d+$/ })).toHaveCount(Math.min(10, Math.ceil(total / 25)));

    let call = await nextCall(page, () => pager(page).getByRole('button', { name: 'Page 2', exact: true }).click());
    expect(call.query).toMatchObject({ page: '2', maxPerPage: '25' });
    expect(await rowIds(page)).toEqual(call.reply.audit.map((r) => r.id));
    const pageTwo = await api<AuditPage>(request, token, '/admin/audit', call.query);
    expect(pageTwo.audit.map((r) => r.id)).toEqual(call.reply.audit.map((r) => r.id));
    // Page 2 follows page 1: older entries. The server signs a checkpoint on a timer: one written between the two
    // loads moves page 1's last entry to the top of page 2, so that one entry may show on both.
    expect(Math.max(...call.reply.audit.map((r) => r.id))).toBeLessThanOrEqual(Math.min(...first.reply.audit.map((r) => r.id)));

    // A filter goes back to page 1.
    call = await nextCall(page, () => pickAction(page, 'Roles (role.*)'));
    expect(call.query).toMatchObject({ page: '1', maxPerPage: '25', action: 'role.' });
    const roleEntries = call.reply.total_items;
    expect(roleEntries).toBeGreaterThanOrEqual(31);
    await expect(rows(page)).toHaveCount(25);
    await expect(pager(page).getByText(`${roleEntries} records`, { exact: true })).toBeVisible();
    call = await nextCall(page, () => pager(page).getByRole('button', { name: 'Page 2', exact: true }).click());
    expect(call.query).toMatchObject({ page: '2', maxPerPage: '25', action: 'role.' });
    await expect(rows(page)).toHaveCount(Math.min(25, roleEntries - 25));

    // So does a new page size.
    call = await nextCall(page, () => pickPageSize(page, 'View 50 Per Page'));
    expect(call.query).toMatchObject({ page: '1', maxPerPage: '50', action: 'role.' });
    await expect(rows(page)).toHaveCount(Math.min(50, roleEntries));
    await expect(pager(page).locator('[aria-current="page"]')).toHaveText('1');

    // The CSV: every role.* entry of the range (not just the page), newest first.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^audit-\d{8}-\d{8}\.csv$/);
    const lines = (await readFile(await download.path(), 'utf8')).trim().split('\n');
    expect(lines[0]).toBe('ID,Time,Actor ID,Actor,Action,Target,Details,IP');
    const body = lines.slice(1);
    expect(body).toHaveLength(roleEntries);
    const all = await api<AuditPage>(request, token, '/admin/audit', { ...filtersOf(call.query), maxPerPage: 100 });
    expect(body.map((line) => Number(line.split(',')[0]))).toEqual(all.audit.map((r) => r.id));
    for (const line of body) {
      expect(line).toContain(`,${demoEmail},role.`);
      expect(line).toContain(`role:${roleId}`);
    }
    expect(pageProblems.isEmpty, pageProblems.summary()).toBe(true);
  });

  test('the date range: typed dates ending yesterday leave out today\'s entries; the Daily preset brings them back', async ({
    page,
    server,
    request,
    pageProblems,
  }) => {
    const token = await ensureRole(server, request);
    const all = await openWith(page, token, '/audit');
    // The newest entry was written moments ago (this run's sign-in or role writes): today.
    const created = all.reply.audit[0];
    expect(Date.now() - Date.parse(created!.created_at)).toBeLessThan(3_600_000);

    // Typed as the picker shows dates (YYYY-MM-DD HH:mm:ss in UTC, the browser in Tokyo): from 1 January 2020 to the
    // end of yesterday.
    const yesterday = new Date(Date.now() - 86_400_000);
    const shown = `${yesterday.toISOString().slice(0, 10)} 23:59:59`;
    const from = page.getByPlaceholder('From', { exact: true });
    const to = page.getByPlaceholder('To', { exact: true });
    await from.click();
    await from.fill('2020-01-01 00:00:00');
    await from.press('Enter');
    await to.fill(shown);
    const typed = await nextCall(page, () => to.press('Enter'));
    await expect(from).toHaveValue('2020-01-01 00:00:00');
    await expect(to).toHaveValue(shown);
    expect(typed.query.page).toBe('1');
    const [minDate, maxDate] = [Date.parse(`${typed.query.minDate}Z`), Date.parse(`${typed.query.maxDate}Z`)];
    expect(typed.query.minDate).toBe('2020-01-01 00:00:00');
    expect(typed.query.maxDate).toBe(shown);
    // Only entries inside the range, as the API answers the same question; today's newest is not among them.
    for (const r of typed.reply.audit) {
      expect(Date.parse(r.created_at)).toBeGreaterThanOrEqual(minDate);
      expect(Date.parse(r.created_at)).toBeLessThan(maxDate + 1_000);
    }
    expect(typed.reply.audit.map((r) => r.id)).not.toContain(created!.id);
    const byApi = await api<AuditPage>(request, token, '/admin/audit', typed.query);
    expect(byApi.total_items).toBe(typed.reply.total_items);
    expect(typed.reply.total_items).toBeLessThan(all.reply.total_items);
    if (typed.reply.total_items === 0) await expect(page.getByText('No audit entries')).toBeVisible();
    else await expect(rows(page)).toHaveCount(typed.reply.audit.length);

    // Daily: the last day back from now, today's entries again.
    await from.click();
    const daily = await nextCall(page, () => page.locator('.ant-picker-presets').getByText('Daily', { exact: true }).click());
    const span = Date.parse(`${daily.query.maxDate}Z`) - Date.parse(`${daily.query.minDate}Z`);
    expect(span / 86_400_000).toBeGreaterThanOrEqual(1);
    expect(span / 86_400_000).toBeLessThanOrEqual(2);
    expect(daily.reply.audit.map((r) => r.id)).toContain(created!.id);
    expect(await rowIds(page)).toEqual(daily.reply.audit.map((r) => r.id));
    expect(pageProblems.isEmpty, pageProblems.summary()).toBe(true);
  });

  test("a user's entries name the user by email, linking to the profile; nothing says 0 records while the list loads", async ({
    page,
    server,
    request,
    pageProblems,
  }) => {
    const token = await ensureRole(server, request);
    // The demo member's newest sign-in (its actor is the name typed; its target is the account).
    const signIns = await api<AuditPage>(request, token, '/admin/audit', { action: 'login.password_accepted', maxPerPage: 25 });
    const entry = signIns.audit.find((r) => r.target_label === demoEmail)!;
    expect(entry).toBeDefined();
    expect(entry.target).toMatch(/^user:\d+$/);
    expect(entry.target_label).toBe(demoEmail);

    // The list's answer held back: a spinner, and no count or empty text that would say the log is empty.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(AUDIT_LIST, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/admin/login');
    await useToken(page, token);
    await page.goto('/audit?action=login.password_accepted');
    await expect(page.locator('.ant-spin-spinning')).toBeVisible();
    await expect(pager(page)).toBeVisible();
    await expect(pager(page).getByText(/records?$/)).toHaveCount(0);
    await expect(page.getByText('No audit entries')).toHaveCount(0);
    const answered = page.waitForResponse((r) => AUDIT_LIST.test(r.url()));
    release();
    const reply = (await (await answered).json()) as AuditPage;
    await expect(pager(page).getByText(reply.total_items === 1 ? '1 record' : `${reply.total_items} records`, { exact: true })).toBeVisible();

    const row = page.locator(`.ant-table-tbody tr[data-row-key="${entry.id}"]`);
    await expect(row.locator('.ant-tag')).toHaveText('Password accepted, code next');
    const target = row.locator('td').nth(3);
    await expect(target.getByRole('link', { name: demoEmail })).toHaveAttribute('href', `/userprofile/${entry.target.slice(5)}`);
    await expect(target).not.toContainText('user:');
    await expect(row.locator('dt')).toHaveText(['Next']);
    expect(pageProblems.isEmpty, pageProblems.summary()).toBe(true);
  });

  test('compliance (ADMIN_AUDIT_LOG) has the entry; support does not, and gets Access Denied at /audit', async ({
    page,
    server,
    request,
  }) => {
    await page.goto('/admin/login');
    await useToken(page, await tokenFor(request, server, 'compliance'));
    await page.goto('/');
    await expectSettingLinks(page, ['Members', 'Audit Log']);
    await page.goto('/audit');
    await expect(page.getByRole('heading', { name: 'Audit Log', level: 1 })).toBeVisible();
    await expect(rows(page).first()).toBeVisible();

    await page.evaluate(() => window.localStorage.clear());
    await useToken(page, await tokenFor(request, server, 'support'));
    await page.goto('/');
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(menu).toBeVisible();
    await expect(menuLinks(page).filter({ hasText: 'Audit Log' })).toHaveCount(0);
    await expectSettingLinks(page, ['Members', 'Approvals']); // ADMIN_EDIT_USER: a key the approval policy may cover

    await page.goto('/audit');
    await expect(page.getByText('Access Denied')).toBeVisible();
    await expect(page.getByText('You do not have permission to open Audit Log.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Audit Log', level: 1 })).toHaveCount(0);
    await expect(menu).toBeVisible();

    // The server refuses the calls too.
    const res = await request.get('/api/admin/audit', { headers: { Authorization: `Bearer ${await tokenFor(request, server, 'support')}` } });
    expect(res.status()).toBe(403);
  });
});
