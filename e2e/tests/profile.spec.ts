/**
 * The user profile (/userprofile/:id): opened from a History row, its two cards and its four tabs against the API's
 * replies; the Financial Brief's periods and currency, and its balance against the wallets' (the demo core's books);
 * the invite tree leading to the invited users' profiles; the resend-verification toasts; an unknown id.
 */
import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page, Response } from '@playwright/test';
import { expect, test } from '../fixtures/server';
import type { BackofficeServer } from '../fixtures/server';
import { ensureSteppedUp } from '../fixtures/step-up';
import { signInByApi, useToken } from '../fixtures/sign-in';

// A server of its own: the resend action writes mail to the outbox.
test.use({ serverOptions: { label: 'profile' } });

interface User {
  id: number;
  email: string;
  full_name: string;
  email_verified: boolean;
  invitationCode: string | null;
  totalInvites: number;
}
interface Brief {
  total_balance: string;
  total_income: string;
  total_outcome: string;
  xapa_exchange_fee: string;
  total_bonus: string;
  income_count: number;
  outcome_count: number;
  exchange_count: number;
}
interface Tx {
  id: number;
  type: string;
}
interface Wallet {
  id: number;
  name: string;
  network: string;
  usd_value: string;
  coinType: { symbol: string };
  walletAddresses: { address: string }[];
}
interface Session {
  id: number;
  platform: string;
  IP: string;
}
interface Invite {
  id: number;
  email: string;
  full_name: string;
  children: Invite[];
}

let token = '';

async function signIn(page: Page, server: BackofficeServer, request: APIRequestContext): Promise<void> {
  if (!token) token = await signInByApi(request, server.creds);
  await ensureSteppedUp(request, token, server.creds); // the profile's edits need a recent second factor
  await page.goto('/admin/login');
  await useToken(page, token);
}

async function api<T>(request: APIRequestContext, path: string, query: Record<string, string | number> = {}): Promise<T> {
  const res = await request.get(`/api${path}`, { params: query, headers: { Authorization: `Bearer ${token}` } });
  expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
  return (await res.json()) as T;
}

/** The query and reply of the next call to `path` (after `action`). */
async function nextCall<T>(page: Page, path: string, action: () => Promise<unknown>): Promise<{ query: Record<string, string>; reply: T }> {
  const [response] = await Promise.all([
    page.waitForResponse((r: Response) => new URL(r.url()).pathname === path),
    action(),
  ]);
  return { query: Object.fromEntries(new URL(response.url()).searchParams), reply: (await response.json()) as T };
}

const rows = (page: Page) => page.getByRole('tabpanel').locator('.ant-table-tbody tr[data-row-key]');
const rowIds = (page: Page) => rows(page).evaluateAll((trs) => trs.map((tr) => Number(tr.getAttribute('data-row-key'))));
const usd = (value: string) =>
  `$${Number(value).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const flatten = (invites: Invite[]): Invite[] => invites.flatMap((i) => [i, ...flatten(i.children)]);
/** Whole cents of a decimal string or of a shown `$1,234.56`. */
const cents = (value: string) => Math.round(Number(value.replace(/[$,]/g, '')) * 100);

/** What each brief figure covers, as internal/profile computes it. */
const BASIS: [string, string][] = [
  ['Total Balance', 'Now, main-network wallets · USD at current rates'],
  ['Total Income', 'All time, main network, pending included · USD at current rates'],
  ['Total Outcome', 'All time, main network, pending included, fees excluded · USD at current rates'],
  ['Xapa Exchange Fee', 'All time · USD at current rates'],
  ['Total Bonus', 'All time · USD when paid'],
];

test.describe('user profile', () => {
  test('opens from a History row and walks every tab', async ({ page, server, request, pageProblems }) => {
    await signIn(page, server, request);
    await page.goto('/history');
    const link = page.locator('.ant-table-tbody tr[data-row-key]').first().locator('a[href^="/userprofile/"]');
    const id = Number((await link.getAttribute('href'))!.split('/').pop());
    const user = await api<User>(request, `/admin/users/${id}`);

    const [briefRes, reportRes] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === `/api/admin/users/brief/${id}`),
      page.waitForResponse((r) => new URL(r.url()).pathname === `/api/admin/users/report/${id}`),
      link.click(),
    ]);
    await expect(page).toHaveURL(new RegExp(`/userprofile/${id}$`));
    // Named after the customer, on the page and in the tab.
    const customerName = user.full_name || user.email;
    await expect(page.getByRole('heading', { name: customerName, level: 1 })).toBeVisible();
    await expect(page).toHaveTitle(`${customerName} · Xapa Back Office`);

    // User Attribute and Financial Brief.
    const attributes = page.getByRole('region', { name: 'User Attribute' });
    await expect(attributes).toContainText(user.email);
    await expect(attributes).toContainText(user.full_name);
    if (user.invitationCode) await expect(attributes).toContainText(user.invitationCode);
    await expect(attributes).toContainText(`Total Invites${user.totalInvites}`);
    const brief = (await briefRes.json()) as Brief;
    const briefCard = page.getByRole('region', { name: 'Financial Brief' });
    await expect(briefCard).toContainText(`Total Balance${usd(brief.total_balance)}`);
    await expect(briefCard).toContainText(`${usd(brief.total_income)} (${brief.income_count} received)`);
    await expect(briefCard).toContainText(`${usd(brief.total_outcome)} (${brief.outcome_count} sent)`);
    await expect(briefCard).toContainText(`${usd(brief.xapa_exchange_fee)} (${brief.exchange_count} exchanges)`);
    await expect(briefCard).toContainText(`Total Bonus${usd(brief.total_bonus)}`);

    // User Reports: two years back, the user's transactions with status badges; a type filter back to page 1.
    const report = (await reportRes.json()) as { reports: Tx[]; total_items: number };
    const reportQuery = Object.fromEntries(new URL(reportRes.url()).searchParams);
    expect(reportQuery).toMatchObject({ page: '1', maxPerPage: '25' });
    expect(Number(reportQuery.maxDate.slice(0, 4)) - Number(reportQuery.minDate.slice(0, 4))).toBe(2);
    expect(reportQuery.minDate.slice(5)).toMatch(/^\d{2}-\d{2} \d{2}:\d{2}:00$/);
    expect(report.reports.length).toBeGreaterThan(0);
    await expect(rows(page)).toHaveCount(report.reports.length);
    expect(await rowIds(page)).toEqual(report.reports.map((t) => t.id));
    await expect(rows(page).locator('.tx-status').first()).toHaveText(/Pending|Confirmed|Failed|Confirmation: \d+\/\d+/);
    await expect(page.getByRole('tabpanel').getByText(`${report.total_items} records`, { exact: true })).toBeVisible();
    await page.getByRole('combobox', { name: 'Type' }).click();
    const sent = await nextCall<{ reports: Tx[] }>(page, `/api/admin/users/report/${id}`, () =>
      page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="Sent"]').click(),
    );
    expect(sent.query).toMatchObject({ page: '1', type: 'sent' });
    expect(sent.reply.reports.every((t) => t.type === 'sent')).toBe(true);
    await expect(rows(page)).toHaveCount(sent.reply.reports.length);

    // The report's CSV: that user's sent transactions.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('tabpanel').getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^user-${id}-transactions-\\d{8}-\\d{8}\\.csv$`));
    const lines = (await readFile(await download.path(), 'utf8')).trim().split('\n');
    const header = lines[0].split(',');
    for (const line of lines.slice(1)) {
      const cells = line.split(',');
      expect(cells[header.indexOf('User ID')]).toBe(String(id));
      expect(cells[header.indexOf('Type')]).toBe('sent');
    }

    // User Wallet: name, coin, address; the wallet-name filter.
    const wallets = await nextCall<{ wallets: Wallet[]; total_items: number }>(page, `/api/admin/users/wallets/${id}`, () =>
      page.getByRole('tab', { name: 'User Wallet' }).click(),
    );
    expect(wallets.query).toEqual({ page: '1', maxPerPage: '25' });
    await expect(rows(page)).toHaveCount(wallets.reply.wallets.length);
    const apiWallets = await api<{ wallets: Wallet[] }>(request, `/admin/users/wallets/${id}`);
    expect(await rowIds(page)).toEqual(apiWallets.wallets.map((w) => w.id));
    const wallet = apiWallets.wallets[0];
    const walletRow = rows(page).first();
    await expect(walletRow).toContainText(wallet.name);
    await expect(walletRow).toContainText(wallet.coinType.symbol);
    await expect(walletRow).toContainText(wallet.walletAddresses[0].address);
    await expect(walletRow.locator('td').nth(2)).toHaveText(/^[\d,]+\.\d{6}$/);
    const named = await nextCall<{ wallets: Wallet[] }>(page, `/api/admin/users/wallets/${id}`, () =>
      page.getByRole('searchbox', { name: 'Wallet name' }).fill('Bonus'),
    );
    expect(named.query).toMatchObject({ page: '1', wallet_name: 'Bonus' });
    await expect(rows(page)).toHaveCount(named.reply.wallets.length);

    // User Sessions.
    const sessions = await nextCall<{ sessions: Session[] }>(page, `/api/admin/users/sessions/${id}`, () =>
      page.getByRole('tab', { name: 'User Sessions' }).click(),
    );
    const apiSessions = await api<{ sessions: Session[] }>(request, `/admin/users/sessions/${id}`);
    expect(sessions.reply.sessions.map((s) => s.id)).toEqual(apiSessions.sessions.map((s) => s.id));
    if (apiSessions.sessions.length === 0) {
      await expect(page.getByRole('tabpanel').getByText('No sessions')).toBeVisible();
    } else {
      await expect(rows(page)).toHaveCount(apiSessions.sessions.length);
      await expect(rows(page).first()).toContainText(apiSessions.sessions[0].platform);
      await expect(rows(page).first()).toContainText(apiSessions.sessions[0].IP);
    }

    // Invited Users.
    await page.getByRole('tab', { name: 'Invited Users' }).click();
    const invites = flatten((await api<{ invites: Invite[] }>(request, `/admin/users/invites/${id}`)).invites);
    if (invites.length === 0) {
      await expect(page.getByRole('tabpanel').getByText('No invited users')).toBeVisible();
    } else {
      for (const invite of invites) {
        await expect(page.getByRole('tree').getByRole('link', { name: invite.email })).toHaveAttribute('href', `/userprofile/${invite.id}`);
      }
    }
    expect(pageProblems.pageErrors, pageProblems.summary()).toEqual([]);
    expect(pageProblems.cspViolations, pageProblems.summary()).toEqual([]);
  });

  test("the Financial Brief names each figure's period and currency; its balance is what the wallets hold", async ({
    page,
    server,
    request,
  }) => {
    await signIn(page, server, request);
    // A demo customer with sends and a balance, and no exchange or bonus: every figure is then at one rate per coin,
    // so consistent books leave at most what came in minus what went out (fees come off too).
    const users = await api<{ users: User[] }>(request, '/admin/users', { page: 1, maxPerPage: 100 });
    let found: { user: User; brief: Brief } | undefined;
    for (const user of users.users) {
      const brief = await api<Brief>(request, `/admin/users/brief/${user.id}`);
      if (brief.exchange_count === 0 && cents(brief.total_bonus) === 0 && brief.outcome_count > 0 && cents(brief.total_balance) > 0) {
        found = { user, brief };
        break;
      }
    }
    expect(found, 'a demo customer with sends, a balance, no exchange and no bonus').toBeDefined();
    const { user, brief } = found!;
    expect(cents(brief.total_balance)).toBeLessThanOrEqual(cents(brief.total_income) - cents(brief.total_outcome) + 1);

    await page.goto(`/userprofile/${user.id}`);
    const briefCard = page.getByRole('region', { name: 'Financial Brief' });
    await expect(briefCard).toContainText(`Total Balance${usd(brief.total_balance)}`);
    for (const [label, basis] of BASIS) {
      const row = briefCard.locator('tr').filter({ has: page.getByText(label, { exact: true }) });
      await expect(row.locator('.brief__basis')).toHaveText(basis);
    }

    // The User Wallet tab: each wallet's value in USD; the main-network ones add up to the brief's balance (each
    // row and the total are rounded to the cent).
    const wallets = await nextCall<{ wallets: Wallet[]; total_items: number }>(page, `/api/admin/users/wallets/${user.id}`, () =>
      page.getByRole('tab', { name: 'User Wallet' }).click(),
    );
    expect(wallets.reply.total_items).toBe(wallets.reply.wallets.length);
    await expect(rows(page)).toHaveCount(wallets.reply.wallets.length);
    const shown = await rows(page).evaluateAll((trs) =>
      trs.map((tr) => ({ test: tr.querySelector('td:first-child .ant-tag') !== null, value: tr.querySelectorAll('td')[3].textContent ?? '' })),
    );
    expect(shown.map((w) => w.value)).toEqual(wallets.reply.wallets.map((w) => usd(w.usd_value)));
    const main = shown.filter((w) => !w.test);
    expect(main.length).toBe(wallets.reply.wallets.filter((w) => w.network === 'main').length);
    const sum = main.reduce((total, w) => total + cents(w.value), 0);
    expect(Math.abs(sum - cents(brief.total_balance))).toBeLessThanOrEqual(Math.ceil((main.length + 1) / 2));
    expect(shown.every((w) => cents(w.value) >= 0)).toBe(true);
  });

  test('the invite tree: every level, and each email opens that profile', async ({ page, server, request }) => {
    await signIn(page, server, request);
    let found: { user: User; tree: Invite[] } | undefined;
    for (let listPage = 1; !found; listPage += 1) {
      const users = await api<{ users: User[]; total_pages: number }>(request, '/admin/users', { page: listPage, maxPerPage: 100 });
      for (const user of users.users.filter((u) => u.totalInvites > 0)) {
        const tree = (await api<{ invites: Invite[] }>(request, `/admin/users/invites/${user.id}`)).invites;
        if (tree.some((i) => i.children.some((c) => c.children.length > 0))) {
          found = { user, tree };
          break;
        }
      }
      if (listPage >= users.total_pages) break;
    }
    expect(found, 'a demo user whose invites invited someone who invited someone').toBeDefined();
    const { user, tree } = found!;
    await page.goto(`/userprofile/${user.id}`);
    await page.getByRole('tab', { name: 'Invited Users' }).click();
    const all = flatten(tree);
    await expect(page.getByRole('region', { name: 'Invited Users' })).toContainText(`${all.length} in all, ${tree.length} directly`);
    const top = tree.find((i) => i.children.some((c) => c.children.length > 0))!;
    const child = top.children.find((c) => c.children.length > 0)!;
    const grandchild = child.children[0];
    const levelOf = (invite: Invite) =>
      page.locator(`[data-invite-id="${invite.id}"]`).evaluate((el) => el.closest('.ant-tree-treenode')!.querySelectorAll('.ant-tree-indent-unit').length);
    expect([await levelOf(top), await levelOf(child), await levelOf(grandchild)]).toEqual([0, 1, 2]);
    await expect(page.locator(`[data-invite-id="${grandchild.id}"]`)).toContainText(grandchild.full_name);

    await page.getByRole('tree').getByRole('link', { name: grandchild.email }).click();
    await expect(page).toHaveURL(new RegExp(`/userprofile/${grandchild.id}$`));
    await expect(page.getByRole('region', { name: 'User Attribute' })).toContainText(grandchild.email);
    await expect(page.getByRole('tab', { name: 'User Reports', selected: true })).toBeVisible();
  });

  test('resend verification: a success toast with the status, an error toast when already verified', async ({
    page,
    server,
    request,
  }) => {
    await signIn(page, server, request);
    const users = await api<{ users: User[] }>(request, '/admin/users', { page: 1, maxPerPage: 100 });
    const unverified = users.users.find((u) => !u.email_verified)!;
    const verified = users.users.find((u) => u.email_verified)!;

    await page.goto(`/userprofile/${unverified.id}`);
    await page.getByRole('button', { name: 'Resend Verification Email' }).click();
    await expect(page.locator('.ant-message-success')).toContainText(`Verification email sent to ${unverified.email}.`);

    await page.goto(`/userprofile/${verified.id}`);
    await page.getByRole('button', { name: 'Resend Verification Email' }).click();
    await expect(page.locator('.ant-message-error')).toContainText(`The email ${verified.email} is already verified.`);
  });

  test('an unknown user id', async ({ page, server, request }) => {
    await signIn(page, server, request);
    await page.goto('/userprofile/999999');
    await expect(page.getByText('User not found')).toBeVisible();
    await page.goto('/userprofile/abc');
    await expect(page.getByText('User not found')).toBeVisible();
  });
});
