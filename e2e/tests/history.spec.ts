/**
 * History (/history): filters (coin, type, network), date presets, paging, hash search, CSV export, and polling.
 * Every expectation is checked against the API's own replies for the same filters.
 */
import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page, Request } from '@playwright/test';
import { chooseOption } from '../fixtures/antd';
import { expect, test } from '../fixtures/server';
import type { BackofficeServer } from '../fixtures/server';
import { signInByApi, useToken } from '../fixtures/sign-in';

// A server of its own: the counts that tests compare move with no other file's tests (and no live generator).
test.use({ serverOptions: { label: 'history' } });

const HISTORY_CALL = /\/api\/admin\/transactions\/history\?/;

interface Tx {
  id: number;
  hash: string;
  type: string;
  network: string;
  user: { email: string };
  coinType: { id: number; symbol: string; decimals: number };
  created_at: string;
  amount: string;
  fee: string;
}
interface TxPage {
  transactionHistory: Tx[];
  total_items: number;
}
interface Coin {
  id: number;
  symbol: string;
  type: string;
}

let token = '';

async function signedIn(server: BackofficeServer, request: APIRequestContext): Promise<string> {
  if (!token) token = await signInByApi(request, server.creds);
  return token;
}

async function api<T>(request: APIRequestContext, path: string, query: Record<string, string | number> = {}): Promise<T> {
  const res = await request.get(`/api${path}`, {
    params: query,
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
  return (await res.json()) as T;
}

/**
 * The query of the list call the page makes next (after `action`); with `having`, the next one that has that
 * parameter ("email") or that value ("sort=created_at"): the 10-second refresh may call with the previous query.
 */
async function nextListCall(page: Page, action: () => Promise<unknown>, having?: string): Promise<Record<string, string>> {
  const [name, value] = (having ?? '').split('=');
  const wanted = (query: URLSearchParams) => !having || (value === undefined ? query.has(name!) : query.get(name!) === value);
  const [req] = await Promise.all([
    page.waitForRequest(
      (r: Request) =>
        HISTORY_CALL.test(r.url()) && !/\/(search|CSV)\?/.test(r.url()) && wanted(new URL(r.url()).searchParams),
    ),
    action(),
  ]);
  return Object.fromEntries(new URL(req.url()).searchParams);
}

const pick = (page: Page, select: string, option: string) => chooseOption(page, page.getByRole('combobox', { name: select }), option);

const rows = (page: Page) => page.locator('.ant-table-tbody tr[data-row-key]');
const rowIds = (page: Page) => rows(page).evaluateAll((trs) => trs.map((tr) => Number(tr.getAttribute('data-row-key'))));

async function openHistory(page: Page, server: BackofficeServer, request: APIRequestContext): Promise<Record<string, string>> {
  await page.goto('/admin/login');
  await useToken(page, await signedIn(server, request));
  const query = await nextListCall(page, () => page.goto('/history'));
  await expect(page.getByRole('heading', { name: 'History', level: 1 })).toBeVisible();
  await expect(rows(page)).toHaveCount(25);
  return query;
}

/** The page shows what the API answers for `query` (retried: the demo adds a transaction every ~3 s). */
async function expectRowsMatchApi(page: Page, request: APIRequestContext, query: Record<string, string>): Promise<TxPage> {
  let reply: TxPage | undefined;
  await expect(async () => {
    reply = await api<TxPage>(request, '/admin/transactions/history', query);
    expect(await rowIds(page)).toEqual(reply.transactionHistory.map((t) => t.id));
    const n = reply.total_items;
    await expect(page.getByText(`${n} ${n === 1 ? 'record' : 'records'}`, { exact: true })).toBeVisible({ timeout: 1_000 });
  }).toPass();
  return reply!;
}

const stamp = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ');

/** A positive amount rounded half up to `decimals`, trailing zeros trimmed, thousands grouped. */
function coinText(value: string, decimals: number): string {
  const [whole, fraction = ''] = value.split('.');
  const up = (fraction[decimals] ?? '0') >= '5' ? 1n : 0n;
  const digits = (BigInt(whole + fraction.padEnd(decimals, '0').slice(0, decimals)) + up).toString().padStart(decimals + 1, '0');
  const head = digits.slice(0, digits.length - decimals).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const tail = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return tail ? `${head}.${tail}` : head;
}

test.describe('history', () => {
  test('defaults: main network, one month ago at midnight to the end of today, 25 a page', async ({
    page,
    server,
    request,
    pageProblems,
  }) => {
    const query = await openHistory(page, server, request);
    const now = new Date();
    // One month back, clamped to the end of a shorter month (31 March → 28/29 February), at UTC midnight, though
    // the browser runs in Tokyo (playwright.config.ts).
    const lastOfPrevious = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0)).getUTCDate();
    const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, Math.min(now.getUTCDate(), lastOfPrevious)));
    const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 23, 59, 59));
    expect(query).toEqual({ page: '1', maxPerPage: '25', network: 'main', minDate: stamp(from), maxDate: stamp(to) });
    await expect(page.getByRole('combobox', { name: 'Network' })).toBeVisible();
    await expect(page.locator('.ant-select').filter({ has: page.getByRole('combobox', { name: 'Network' }) })).toContainText('Main');
    const reply = await expectRowsMatchApi(page, request, query);
    // Times in UTC, labelled so, in the CSV's format.
    await expect(page.getByRole('columnheader', { name: 'Date (UTC)' })).toBeVisible();
    const top = reply.transactionHistory[0]!;
    await expect(rows(page).first().locator('td').first()).toHaveText(stamp(new Date(top.created_at)));
    // Amounts to the coin's precision with their unit, the exact value in the tooltip; fees carry their unit too.
    for (const [i, tx] of reply.transactionHistory.slice(0, 5).entries()) {
      const amount = rows(page).nth(i).locator('.amount').first();
      await expect(amount).toHaveText(`${coinText(tx.amount, tx.coinType.decimals)} ${tx.coinType.symbol}`);
      await expect(amount).toHaveAttribute('title', `${tx.amount} ${tx.coinType.symbol}`);
    }
    expect(pageProblems.cspViolations, pageProblems.summary()).toEqual([]);
    expect(pageProblems.pageErrors, pageProblems.summary()).toEqual([]);
    expect(pageProblems.consoleErrors, pageProblems.summary()).toEqual([]);
  });

  test('coin, type and network filters narrow the list and go back to page 1', async ({ page, server, request }) => {
    const start = await openHistory(page, server, request);
    const coins = await api<Coin[]>(request, '/cointypes', { type: 'all' });
    const btc = coins.find((c) => c.symbol === 'BTC')!;

    expect((await nextListCall(page, () => page.getByRole('button', { name: 'Page 2', exact: true }).click())).page).toBe('2');
    let query = await nextListCall(page, () => pick(page, 'Coin', 'BTC'));
    expect(query).toEqual({ ...start, page: '1', coinType: String(btc.id) });
    query = await nextListCall(page, () => pick(page, 'Type', 'Sent'));
    expect(query).toMatchObject({ page: '1', coinType: String(btc.id), type: 'sent', network: 'main' });
    const reply = await expectRowsMatchApi(page, request, query);
    expect(reply.transactionHistory.length).toBeGreaterThan(0);
    for (const tx of reply.transactionHistory) expect([tx.coinType.symbol, tx.type, tx.network]).toEqual(['BTC', 'sent', 'main']);
    await expect(rows(page).first()).toContainText('Sent');

    query = await nextListCall(page, () => pick(page, 'Network', 'Testnet'));
    expect(query).toMatchObject({ network: 'test', type: 'sent', coinType: String(btc.id) });
    const testnet = await expectRowsMatchApi(page, request, query);
    for (const tx of testnet.transactionHistory) expect(tx.network).toBe('test');
  });

  test('date presets set the range back from now', async ({ page, server, request }) => {
    // The page's "now" is held still (timers keep running): every preset must end exactly then.
    const now = Math.floor(Date.now() / 60_000) * 60_000;
    await page.clock.setFixedTime(now);
    await openHistory(page, server, request);
    for (const [preset, days] of [['Daily', 1], ['Weekly', 7], ['Yearly', 365]] as const) {
      await page.getByPlaceholder('From').click();
      const query = await nextListCall(page, () => page.locator('.ant-picker-presets').getByText(preset, { exact: true }).click());
      const span = Date.parse(`${query.maxDate}Z`) - Date.parse(`${query.minDate}Z`);
      const expected = preset === 'Yearly' ? [365, 366] : [days, days];
      expect(span / 86_400_000, preset).toBeGreaterThanOrEqual(expected[0]);
      expect(span / 86_400_000, preset).toBeLessThanOrEqual(expected[1]);
      expect(Date.parse(`${query.maxDate}Z`), 'ends now').toBe(now);
      expect(query.page).toBe('1');
      await expect(page.getByPlaceholder('From')).toHaveValue(stamp(new Date(Date.parse(`${query.minDate}Z`))));
      await expectRowsMatchApi(page, request, query);
    }
  });

  test('paging: page links and the page size', async ({ page, server, request }) => {
    await openHistory(page, server, request);
    // A refetch of the page shown may come between: each waits for the call its action makes.
    let query = await nextListCall(page, () => page.getByRole('button', { name: 'Page 3', exact: true }).click(), 'page=3');
    expect(query).toMatchObject({ page: '3', maxPerPage: '25' });
    await expectRowsMatchApi(page, request, query);
    await expect(page.getByRole('button', { name: /^Page \d+$/ })).toHaveCount(10);

    query = await nextListCall(page, () => pick(page, 'Page size', 'View 50 Per Page'), 'maxPerPage=50');
    expect(query).toMatchObject({ page: '1', maxPerPage: '50' });
    await expect(rows(page)).toHaveCount(50);
  });

  test('hash search: by the whole hash or its start, kept in the URL; the server message when none', async ({
    page,
    server,
    request,
  }) => {
    await openHistory(page, server, request);
    const newest = await api<TxPage>(request, '/admin/transactions/history', { page: 5, maxPerPage: 1 });
    const tx = newest.transactionHistory[0];
    const search = page.getByRole('searchbox', { name: 'Transaction hash' });

    await search.fill(tx.hash);
    await search.press('Enter');
    await expect(page.getByText(`1 record for ${tx.hash}`)).toBeVisible();
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toHaveAttribute('data-row-key', String(tx.id));
    await expect(rows(page).first()).toContainText(tx.user.email);

    // Its first 10 characters find it too (with any other hash that starts so), and a reload keeps the search.
    const start = tx.hash.slice(0, 10);
    await search.fill(start);
    await search.press('Enter');
    await expect(page).toHaveURL(new RegExp(`[?&]q=${start}`));
    await expect(page.locator(`tr[data-row-key="${tx.id}"]`)).toBeVisible();
    await page.reload();
    await expect(page.locator(`tr[data-row-key="${tx.id}"]`)).toBeVisible();
    await expect(page.getByRole('searchbox', { name: 'Transaction hash' })).toHaveValue(start);

    // Fewer than 8 characters: said at the field, nothing asked.
    await search.fill(tx.hash.slice(0, 5));
    await search.press('Enter');
    await expect(page.getByRole('alert')).toHaveText('Enter at least 8 characters of the hash.');

    await search.fill('nosuchhash');
    await search.press('Enter');
    await expect(page.getByText('No transaction has the hash nosuchhash.')).toBeVisible();

    await page.getByRole('button', { name: 'Back to the list' }).click();
    await expect(rows(page)).toHaveCount(25);
    await expect(page).not.toHaveURL(/[?&]q=/);
  });

  test('search by customer email or by address, kept in the URL with the other filters; the address copies', async ({
    page,
    server,
    request,
  }) => {
    const start = await openHistory(page, server, request);
    const tx = (await api<TxPage & { transactionHistory: { receiverAddress: string }[] }>(request, '/admin/transactions/history', {
      ...start,
      page: 3,
      maxPerPage: 1,
    })).transactionHistory[0] as Tx & { receiverAddress: string };

    // By email, typed in another case: the customer's transactions only, under the same date range and network.
    await chooseOption(page, page.getByRole('combobox', { name: 'Search by' }), 'Customer email');
    const email = page.getByRole('searchbox', { name: 'Customer email' });
    await email.fill(tx.user.email.toUpperCase());
    const byEmail = await nextListCall(page, () => email.press('Enter'), 'email');
    expect(byEmail).toMatchObject({ email: tx.user.email.toUpperCase(), minDate: start.minDate, network: 'main' });
    const mine = await expectRowsMatchApi(page, request, byEmail);
    expect(mine.transactionHistory.length).toBeGreaterThan(0);
    expect(mine.transactionHistory.every((t) => t.user.email === tx.user.email)).toBe(true);
    await expect(page).toHaveURL(/[?&]email=/);
    await page.reload();
    await expect(page.getByRole('searchbox', { name: 'Customer email' })).toHaveValue(tx.user.email.toUpperCase());

    // By address: another kind of search starts afresh (every customer again); the address column shows the
    // address whole on hover, and copies it.
    await chooseOption(page, page.getByRole('combobox', { name: 'Search by' }), 'Address');
    await expect(page).not.toHaveURL(/[?&]email=/);
    await expect(rows(page)).toHaveCount(25);
    const address = page.getByRole('searchbox', { name: 'Address' });
    await address.fill(tx.receiverAddress);
    const byAddress = await nextListCall(page, () => address.press('Enter'), 'address');
    expect(byAddress.address).toBe(tx.receiverAddress);
    expect(byAddress.email).toBeUndefined();
    await expectRowsMatchApi(page, request, byAddress);
    const row = page.locator(`tr[data-row-key="${tx.id}"]`);
    await expect(row).toBeVisible();
    await page.getByRole('button', { name: /^Columns/ }).click();
    await page.getByRole('checkbox', { name: 'Address' }).check();
    await page.keyboard.press('Escape');
    const cell = row.locator('.copyable-address');
    await cell.hover();
    await expect(page.getByRole('tooltip').filter({ hasText: tx.receiverAddress })).toBeVisible();
    await expect(row.getByRole('button', { name: 'Copy the address' })).toBeVisible();

    // Clearing the box lists every customer again.
    await address.fill('');
    await expect(page).not.toHaveURL(/[?&]address=/);
    await expect(rows(page)).toHaveCount(25);
  });

  test('sorting by amount and by date, on the server, kept in the URL', async ({ page, server, request }) => {
    const start = await openHistory(page, server, request);
    await expect(page.getByRole('columnheader', { name: /Date/ })).toHaveAttribute('aria-sort', 'descending');
    const largest = await nextListCall(page, () => page.getByRole('columnheader', { name: 'Amount' }).click(), 'sort=amount');
    expect(largest).toMatchObject({ sort: 'amount', order: 'desc', minDate: start.minDate });
    const reply = await expectRowsMatchApi(page, request, largest);
    const amounts = reply.transactionHistory.map((t) => Number(t.amount));
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    await expect(page).toHaveURL(/[?&]sort=amount/);
    await expect(page.getByRole('columnheader', { name: 'Amount' })).toHaveAttribute('aria-sort', 'descending');

    const smallest = await nextListCall(page, () => page.getByRole('columnheader', { name: 'Amount' }).click(), 'order=asc');
    expect(smallest).toMatchObject({ sort: 'amount', order: 'asc' });
    await expectRowsMatchApi(page, request, smallest);
    await page.reload();
    await expect(page.getByRole('columnheader', { name: 'Amount' })).toHaveAttribute('aria-sort', 'ascending');

    // The date's first click is the default order, newest first: the call names no order.
    await page.getByRole('columnheader', { name: /Date/ }).click();
    await expect(page).not.toHaveURL(/[?&]sort=/);
    // The table shows the new order before the next click: a click while it still shows the amount's order would
    // start the date from its first state again.
    await expect(page.getByRole('columnheader', { name: /Date/ })).toHaveAttribute('aria-sort', 'descending');
    await expect(page.getByRole('columnheader', { name: 'Amount' })).not.toHaveAttribute('aria-sort', /./);
    const ascending = await nextListCall(page, () => page.getByRole('columnheader', { name: /Date/ }).click(), 'sort=created_at');
    expect(ascending).toMatchObject({ sort: 'created_at', order: 'asc' });
    const first = await expectRowsMatchApi(page, request, ascending);
    // As instants: RFC 3339 texts drop trailing zeros, so "…:00.5Z" sorts after "…:00.51Z" as text.
    const times = first.transactionHistory.map((t) => Date.parse(t.created_at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  test('the coin filter takes typing', async ({ page, server, request }) => {
    await openHistory(page, server, request);
    const coin = page.getByRole('combobox', { name: 'Coin' });
    await coin.click();
    await coin.fill('BT');
    const query = await nextListCall(page, () => page.keyboard.press('Enter'));
    const coins = await api<Coin[]>(request, '/cointypes', { type: 'all' });
    expect(query.coinType).toBe(String(coins.find((c) => c.symbol === 'BTC')!.id));
  });

  test('CSV download: the filtered transactions, header first', async ({ page, server, request }) => {
    await openHistory(page, server, request);
    await nextListCall(page, () => pick(page, 'Coin', 'BTC'));
    const query = await nextListCall(page, () => pick(page, 'Type', 'Sent'));
    const before = await api<TxPage>(request, '/admin/transactions/history', { ...query, maxPerPage: 1 });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    const after = await api<TxPage>(request, '/admin/transactions/history', { ...query, maxPerPage: 1 });
    expect(download.suggestedFilename()).toMatch(/^transactions-\d{8}-\d{8}\.csv$/);
    const lines = (await readFile(await download.path(), 'utf8')).trim().split('\n');
    const header = lines[0].split(',');
    expect(header.slice(0, 7)).toEqual(['ID', 'Created At', 'User ID', 'User Email', 'Coin', 'Network', 'Type']);
    const body = lines.slice(1).map((line) => line.split(','));
    expect(body.length).toBeGreaterThanOrEqual(before.total_items);
    expect(body.length).toBeLessThanOrEqual(after.total_items);
    const col = (name: string) => header.indexOf(name);
    for (const cells of body) {
      expect(cells[col('Coin')]).toBe('BTC');
      expect(cells[col('Type')]).toBe('sent');
      expect(cells[col('Network')]).toBe('main');
    }
    // Newest first, as the list.
    expect(Number(body[0][col('ID')])).toBeGreaterThanOrEqual(before.transactionHistory[0].id);
  });
});
