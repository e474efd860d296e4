/**
 * Reports: /exchangereport and /bonusreport (defaults, range preset, 'User Email' filter, page size back to page 1,
 * CSV content) and /xapareport (both cards for a typed range, against the API's numbers for the same range).
 */
import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { chooseOption } from '../fixtures/antd';
import { nextCallAndReply } from '../fixtures/calls';
import { expect, test } from '../fixtures/server';
import type { BackofficeServer } from '../fixtures/server';
import { signInByApi, useToken } from '../fixtures/sign-in';

// A server of its own: report totals move only with the demo's own activity, not with other files' tests.
test.use({ serverOptions: { label: 'reports' } });

const EXCHANGE_LIST = /\/api\/admin\/exchange\/history\?/;
const BONUS_LIST = /\/api\/admin\/wallets\/report\?/;

interface ExchangeRow {
  id: number;
  user: { id: number; email: string };
  fromWallet: { coinType: { symbol: string } };
  toWallet: { coinType: { symbol: string } };
  exchangeRate: string;
  formatedExchangeRate: string;
  fromAmount: string;
  toAmount: string;
  created_at: string;
}
interface BonusRow {
  id: number;
  user: { id: number; email: string };
  invited_user: { id: number; email: string };
  bonusAmount: string;
  usdAmount: string;
  bonusWallet: { coinType: { symbol: string } };
  created_at: string;
}
interface Paged {
  total_items: number;
}

let token = '';

async function api<T>(request: APIRequestContext, path: string, query: Record<string, string | number> = {}): Promise<T> {
  const res = await request.get(`/api${path}`, { params: query, headers: { Authorization: `Bearer ${token}` } });
  expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
  return (await res.json()) as T;
}

async function open(page: Page, server: BackofficeServer, request: APIRequestContext, path: string, list: RegExp) {
  if (!token) token = await signInByApi(request, server.creds);
  await page.goto('/admin/login');
  await useToken(page, token);
  return nextCall(page, list, () => page.goto(path));
}

/** The query and reply of the next list call the page makes (after `action`). */
async function nextCall(page: Page, list: RegExp, action: () => Promise<unknown>) {
  const isList = (url: string) => list.test(url) && !url.includes('/CSV?');
  const { query, response } = await nextCallAndReply(page, isList, action);
  return { query, reply: await response.json() };
}

const pick = (page: Page, select: string, option: string) => chooseOption(page, page.getByRole('combobox', { name: select }), option);

const rows = (page: Page) => page.locator('.ant-table-tbody tr[data-row-key]');
const rowIds = (page: Page) => rows(page).evaluateAll((trs) => trs.map((tr) => Number(tr.getAttribute('data-row-key'))));
const cells = (row: Locator) => row.locator('td').allInnerTexts();

const stamp = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ');
const noCommas = (text: string) => text.replaceAll(',', '');

/** The reports' default range: two years back at the start of the UTC day to the end of today in UTC. */
function twoYearsBack(now = new Date()) {
  const [year, month, day] = [now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()];
  const lastDay = new Date(Date.UTC(year - 2, month + 1, 0)).getUTCDate();
  const from = new Date(Date.UTC(year - 2, month, Math.min(day, lastDay)));
  const to = new Date(Date.UTC(year, month, day, 23, 59, 59));
  return { minDate: stamp(from), maxDate: stamp(to) };
}

/** A decimal string rounded to `decimals` places (the values here are far below 2^53 at that scale). */
const fixed = (value: string, decimals: number) => Number(value).toFixed(decimals);
const usd = (value: string) =>
  `$${Number(value).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

async function downloadCsv(page: Page): Promise<{ name: string; lines: string[] }> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  const text = await readFile(await download.path(), 'utf8');
  return { name: download.suggestedFilename(), lines: text.trim().split('\n') };
}

test.describe('exchange report', () => {
  test('defaults, rows as the API replies, email links to the profile', async ({ page, server, request, pageProblems }) => {
    const first = await open(page, server, request, '/exchangereport', EXCHANGE_LIST);
    await expect(page.getByRole('heading', { name: 'Exchange Report', level: 1 })).toBeVisible();
    expect(first.query).toEqual({ page: '1', maxPerPage: '25', ...twoYearsBack() });
    await expect(page.getByPlaceholder('From')).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
    await expect(page.locator('.list-pager .ant-select')).toContainText('View 25 Per Page');
    await expect(rows(page)).toHaveCount(25);
    const reply = first.reply as { report: ExchangeRow[]; total_items: number };
    expect(await rowIds(page)).toEqual(reply.report.map((r) => r.id));
    await expect(page.getByText(`${reply.total_items} records`, { exact: true })).toBeVisible();

    const top = reply.report[0];
    expect((await cells(rows(page).first())).map(noCommas)).toEqual([
      top.user.email,
      top.fromWallet.coinType.symbol,
      top.toWallet.coinType.symbol,
      top.formatedExchangeRate,
      fixed(top.fromAmount, 6),
      fixed(top.toAmount, 6),
      top.created_at.replace('+00:00', '').replace('T', ' '),
    ]);
    // Rates to 5 significant digits on the screen as in the reply: a TRX→BTC rate is never 0.00000.
    for (const row of reply.report) {
      expect(row.formatedExchangeRate.replace(/^[0.-]+/, '').replace('.', '').length, row.formatedExchangeRate).toBeGreaterThanOrEqual(5);
    }
    // demo has ADMIN_SHOW_USER: the email opens the profile.
    await rows(page).first().getByRole('link', { name: top.user.email }).click();
    await expect(page).toHaveURL(new RegExp(`/userprofile/${top.user.id}$`));
    await expect(page.getByRole('region', { name: 'User Attribute' })).toContainText(top.user.email);
    expect(pageProblems.pageErrors, pageProblems.summary()).toEqual([]);
    expect(pageProblems.cspViolations, pageProblems.summary()).toEqual([]);
  });

  test('page size goes back to page 1; the Weekly preset; the email filter; the CSV of those filters', async ({
    page,
    server,
    request,
  }) => {
    await open(page, server, request, '/exchangereport', EXCHANGE_LIST);
    await expect(rows(page)).toHaveCount(25);
    const total = Number((await page.getByTestId('list-pager').getByText(/\d+ records/).textContent())?.match(/\d+/)?.[0]);
    await expect(page.getByRole('button', { name: /^Page \d+$/ })).toHaveCount(Math.min(10, Math.ceil(total / 25)));

    let call = await nextCall(page, EXCHANGE_LIST, () => page.getByRole('button', { name: 'Page 3', exact: true }).click());
    expect(call.query).toMatchObject({ page: '3', maxPerPage: '25' });
    call = await nextCall(page, EXCHANGE_LIST, () => pick(page, 'Page size', 'View 50 Per Page'));
    expect(call.query).toMatchObject({ page: '1', maxPerPage: '50' });
    await expect(rows(page)).toHaveCount(50);

    await page.getByPlaceholder('From').click();
    call = await nextCall(page, EXCHANGE_LIST, () =>
      page.locator('.ant-picker-presets').getByText('Weekly', { exact: true }).click(),
    );
    const days = (Date.parse(`${call.query.maxDate}Z`) - Date.parse(`${call.query.minDate}Z`)) / 86_400_000;
    expect(days).toBeGreaterThan(7);
    expect(days).toBeLessThan(8);
    expect(call.query.maxDate).toBe(twoYearsBack().maxDate);
    expect(call.query.page).toBe('1');
    const weekAgo = new Date(Date.now() - 7 * 86_400_000);
    const ymd = (d: Date) =>
      `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    await expect(page.getByPlaceholder('From')).toHaveValue(ymd(weekAgo));
    await expect(page.getByPlaceholder('To')).toHaveValue(ymd(new Date()));

    // Filter by part of an email that has exchanges in the last week.
    const week = await api<{ report: ExchangeRow[] }>(request, '/admin/exchange/history', { ...call.query, maxPerPage: 100 });
    expect(week.report.length).toBeGreaterThan(0);
    const part = week.report[0].user.email.split('@')[0];
    call = await nextCall(page, EXCHANGE_LIST, () => page.getByRole('searchbox', { name: 'User Email' }).fill(part));
    expect(call.query).toMatchObject({ page: '1', maxPerPage: '50', user: part });
    const filtered = call.reply as { report: ExchangeRow[]; total_items: number };
    expect(filtered.report.length).toBeGreaterThan(0);
    expect(await rowIds(page)).toEqual(filtered.report.map((r) => r.id));
    for (const text of await rows(page).locator('td:first-child').allInnerTexts()) expect(text).toContain(part);

    const { name, lines } = await downloadCsv(page);
    const after = await api<Paged>(request, '/admin/exchange/history', { ...call.query, maxPerPage: 1 });
    expect(name).toMatch(/^exchanges-\d{8}-\d{8}\.csv$/);
    const header = lines[0].split(',');
    expect(header).toEqual(['ID', 'User ID', 'User', 'Source Coin', 'Target Coin', 'Exchange Rate', 'Sent Amount', 'Received Amount', 'Fee', 'Created At']);
    const body = lines.slice(1).map((line) => line.split(','));
    expect(body.length).toBeGreaterThanOrEqual(filtered.total_items);
    expect(body.length).toBeLessThanOrEqual(after.total_items);
    for (const row of body) expect(row[2]).toContain(part);
    expect(body.map((row) => Number(row[0]))).toEqual(expect.arrayContaining(filtered.report.map((r) => r.id)));
  });
});

test.describe('report sorting', () => {
  test('the exchange report sorts by amount sent and by date; the bonus report by dollars; kept in the URL', async ({
    page,
    server,
    request,
  }) => {
    await open(page, server, request, '/exchangereport', EXCHANGE_LIST);
    const sent = page.getByRole('columnheader', { name: 'Sent Amount' });
    const largest = await nextCall(page, EXCHANGE_LIST, () => sent.click());
    expect(largest.query).toMatchObject({ sort: 'amount', order: 'desc' });
    const amounts = (largest.reply as { report: { id: number; fromAmount: string }[] }).report;
    expect(amounts.map((r) => Number(r.fromAmount))).toEqual(amounts.map((r) => Number(r.fromAmount)).sort((a, b) => b - a));
    await expect.poll(() => rowIds(page)).toEqual(amounts.map((r) => r.id));
    await expect(sent).toHaveAttribute('aria-sort', 'descending');
    await expect(page).toHaveURL(/[?&]sort=amount/);

    const created = page.getByRole('columnheader', { name: /Created At/ });
    await created.click(); // the default, newest first: the first page's call, maybe cached
    await expect(page).not.toHaveURL(/[?&]sort=/);
    await expect(created).toHaveAttribute('aria-sort', 'descending');
    const oldest = await nextCall(page, EXCHANGE_LIST, () => created.click());
    expect(oldest.query).toMatchObject({ sort: 'created_at', order: 'asc' });
    // As instants: RFC 3339 texts drop trailing zeros, so "…:00.5Z" sorts after "…:00.51Z" as text.
    const times = (oldest.reply as { report: { created_at: string }[] }).report.map((r) => Date.parse(r.created_at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    await page.reload();
    await expect(created).toHaveAttribute('aria-sort', 'ascending');

    await open(page, server, request, '/bonusreport', BONUS_LIST);
    const dollars = await nextCall(page, BONUS_LIST, () => page.getByRole('columnheader', { name: 'Bonus Amount ($)' }).click());
    expect(dollars.query).toMatchObject({ sort: 'amount', order: 'desc' });
    const usd = (dollars.reply as { reports: { usdAmount: string }[] }).reports.map((r) => Number(r.usdAmount));
    expect(usd).toEqual([...usd].sort((a, b) => b - a));
  });
});

test.describe('bonus report', () => {
  test('defaults, columns, the email filter and the CSV', async ({ page, server, request }) => {
    const first = await open(page, server, request, '/bonusreport', BONUS_LIST);
    await expect(page.getByRole('heading', { name: 'Bonus Report', level: 1 })).toBeVisible();
    expect(first.query).toEqual({ page: '1', maxPerPage: '25', ...twoYearsBack() });
    const reply = first.reply as { reports: BonusRow[]; total_items: number };
    await expect(rows(page)).toHaveCount(Math.min(25, reply.total_items));
    expect(await page.locator('.ant-table-thead th').allInnerTexts()).toEqual([
      'U-ID',
      'User',
      'Invited User',
      'Bonus Amount (Coin)',
      'Bonus Amount ($)',
      'Time Stamp (UTC)',
    ]);
    const top = reply.reports[0];
    expect((await cells(rows(page).first())).map(noCommas)).toEqual([
      String(top.user.id),
      top.user.email,
      top.invited_user.email,
      `${fixed(top.bonusAmount, 6)} ${top.bonusWallet.coinType.symbol}`,
      noCommas(usd(top.usdAmount)),
      top.created_at.replace('+00:00', '').replace('T', ' '),
    ]);

    const part = top.invited_user.email.split('@')[0];
    const call = await nextCall(page, BONUS_LIST, () => page.getByRole('searchbox', { name: 'User Email' }).fill(part));
    expect(call.query).toMatchObject({ page: '1', user: part });
    const filtered = call.reply as { reports: BonusRow[]; total_items: number };
    expect(await rowIds(page)).toEqual(filtered.reports.map((r) => r.id));

    const { name, lines } = await downloadCsv(page);
    expect(name).toMatch(/^bonuses-\d{8}-\d{8}\.csv$/);
    expect(lines[0]).toBe('U-ID,User,Invited User,Bonus Amount (Coin),Coin,Bonus Amount ($),Kind,Time Stamp');
    expect(lines.length - 1).toBe(filtered.total_items);
    for (const line of lines.slice(1)) expect(line.split(',')[1]).toContain(part);
  });
});

test.describe('accounting report', () => {
  interface Users {
    total_registered: number;
    total_verified: number;
    total_users_assets: string;
    total_registration: number;
    total_verified_last: number;
  }
  interface Financial {
    total_customers_credit: string;
    total_current_balance: string;
    total_income: { count: number; usd_balance: string };
    total_outcome: { count: number; usd_balance: string };
    paid_bonuses: string;
    allocated_bonus_wallets: { details: { users: number; bonuses: string } };
    total_revenue_earned_by_send: string;
  }

  const figure = (page: Page, card: string, label: string) =>
    page.getByRole('region', { name: card, exact: true }).locator('tr').filter({ has: page.getByText(label, { exact: true }) }).locator('td');

  test('both cards for a typed range, as the API answers for it', async ({ page, server, request }) => {
    const ACCOUNTING = /\/api\/admin\/(users|transactions)\/accounting\?/;
    const first = await open(page, server, request, '/xapareport', ACCOUNTING);
    await expect(page.getByRole('heading', { name: 'Accounting Report', level: 1 })).toBeVisible();
    // From the UTC midnight one week back to the end of today in UTC, though the browser runs in Tokyo.
    const day = (daysBack: number) => new Date(Date.now() - daysBack * 86_400_000).toISOString().slice(0, 10);
    expect(first.query).toEqual({ minDate: `${day(7)} 00:00:00`, maxDate: `${day(0)} 23:59:59` });

    // A closed range in the past: its in-range figures no longer move.
    const [from, to] = [day(60), day(2)];
    const minDate = `${from} 00:00:00`;
    const responses = Promise.all(
      ['users', 'transactions'].map((kind) =>
        page.waitForResponse(
          (r) => r.url().includes(`/api/admin/${kind}/accounting?`) && new URL(r.url()).searchParams.get('minDate') === minDate,
        ),
      ),
    );
    await page.getByPlaceholder('From').click();
    await page.getByPlaceholder('From').fill(minDate);
    await page.getByPlaceholder('From').press('Enter');
    await page.getByPlaceholder('To').fill(`${to} 23:59:00`);
    await page.getByPlaceholder('To').press('Enter');
    const [usersRes, financialRes] = await responses;
    const query = Object.fromEntries(new URL(usersRes.url()).searchParams);
    expect(Object.fromEntries(new URL(financialRes.url()).searchParams)).toEqual(query);
    expect(query.maxDate).toBe(`${to} 23:59:00`);

    // Figures of "now" (assets, balances) as the page's own replies; figures of the range as the API answers now.
    const shownUsers = ((await usersRes.json()) as { accounting: Users }).accounting;
    const shownFinancial = ((await financialRes.json()) as { accounting: Financial }).accounting;
    const users = (await api<{ accounting: Users }>(request, '/admin/users/accounting', query)).accounting;
    const fin = (await api<{ accounting: Financial }>(request, '/admin/transactions/accounting', query)).accounting;
    const n = (v: number) => v.toLocaleString('en-US');
    const expected: [string, string, string][] = [
      ['Users', 'Registered users (all time)', n(shownUsers.total_registered)],
      ['Users', 'Verified users (all time)', n(shownUsers.total_verified)],
      ['Users', "Users' assets", usd(shownUsers.total_users_assets)],
      ['Users', 'Registered in range', n(users.total_registration)],
      ['Users', 'Verified in range', n(users.total_verified_last)],
      ['Financial Reports', "Customers' credit", usd(shownFinancial.total_customers_credit)],
      ['Financial Reports', 'Current balance', usd(shownFinancial.total_current_balance)],
      ['Financial Reports', 'Income', usd(fin.total_income.usd_balance)],
      ['Financial Reports', 'Income transactions', n(fin.total_income.count)],
      ['Financial Reports', 'Outcome', usd(fin.total_outcome.usd_balance)],
      ['Financial Reports', 'Outcome transactions', n(fin.total_outcome.count)],
      ['Financial Reports', 'Paid bonuses', usd(fin.paid_bonuses)],
      ['Financial Reports', 'Allocated bonus wallets', usd(shownFinancial.allocated_bonus_wallets.details.bonuses)],
      ['Financial Reports', 'Users with a bonus wallet', n(shownFinancial.allocated_bonus_wallets.details.users)],
      ['Financial Reports', 'Revenue earned by send', usd(fin.total_revenue_earned_by_send)],
    ];
    for (const [card, label, value] of expected) await expect(figure(page, card, label), label).toHaveText(value);
    expect(fin.total_income.count + fin.total_outcome.count).toBeGreaterThan(0);
    expect(users.total_registration).toBeLessThanOrEqual(users.total_registered);
  });
});
