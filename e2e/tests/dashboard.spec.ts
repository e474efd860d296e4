/**
 * The dashboard (/): every widget for `demo` (all keys), only registrations, online users and recent transactions for
 * `support`; candle and company-balance colours as the API replies say, the colours' legend and tooltips; the Exchange
 * and My Wallet previews show the dashboard's prices.
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from '../fixtures/server';
import type { BackofficeServer } from '../fixtures/server';
import { menuEntry } from '../fixtures/menu';
import { signInThroughPage, tokenFor, useToken } from '../fixtures/sign-in';

// A server of its own: balances and counts must not move under other files' tests.
test.use({ serverOptions: { label: 'dashboard' } });

const ALL_WIDGETS = [
  'BTC candles',
  'ETH candles',
  'TRX candles',
  'BNB candles',
  'Registered users',
  'Verified users',
  'Online users',
  'Customer balance',
  'Company balance',
  'Total balances',
  'Revenue by send',
  'Revenue by exchange',
  'Recent transactions',
];
const SUPPORT_WIDGETS = ['Registered users', 'Verified users', 'Online users', 'Recent transactions'];

const GREEN = 'rgb(35, 120, 4)';
const ORANGE = 'rgb(173, 78, 0)';
const RED = 'rgb(207, 19, 34)';
const BLUE = 'rgb(9, 88, 217)';


async function openDashboardAs(page: Page, token: string): Promise<void> {
  await page.goto('/admin/login');
  await useToken(page, token);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
}

async function apiJson<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const res = await request.get(`/api${path}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
  return (await res.json()) as T;
}

const widget = (page: Page, name: string): Locator => page.getByRole('region', { name, exact: true });

/** Exact decimal as a scaled BigInt: `12.5` at scale 3 → 12500n. */
function scaled(value: string, scale: number): bigint {
  const [whole, fraction = ''] = value.replace('-', '').split('.');
  const units = BigInt(whole + fraction.padEnd(scale, '0').slice(0, scale));
  return value.startsWith('-') ? -units : units;
}

/** A company balance's colour: blue if 1.1 × company ≥ customer, orange if 1.15 × company ≥ customer, else red. */
function expectedTone(company: string, customer: string): 'blue' | 'orange' | 'red' {
  const c = scaled(company, 12);
  const u = scaled(customer, 12);
  if (110n * c >= 100n * u) return 'blue';
  if (115n * c >= 100n * u) return 'orange';
  return 'red';
}

/** Whether the chart's canvases hold the up (green) and the down (red) candle colour. */
function canvasColours(card: Locator): Promise<{ up: boolean; down: boolean }> {
  return card.locator('canvas').evaluateAll((canvases) => {
    const found = { up: false, down: false };
    for (const canvas of canvases as HTMLCanvasElement[]) {
      const ctx = canvas.getContext('2d');
      if (!ctx || canvas.width === 0 || canvas.height === 0) continue;
      const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
      for (let i = 0; i < data.length; i += 4) {
        const rgb = `${data[i]},${data[i + 1]},${data[i + 2]}`;
        if (rgb === '56,158,13') found.up = true; // #389e0d
        if (rgb === '207,19,34') found.down = true; // #cf1322
      }
    }
    return found;
  });
}

interface Change {
  startsAt: string;
  open: string;
  close: string;
  percentChange: string;
}
interface Balance {
  coin_id: number;
  balance: string;
}

test.describe('dashboard', () => {
  test('demo (every key) sees every widget, charts drawn, no CSP violation', async ({ page, server, pageProblems }) => {
    await signInThroughPage(page, server.creds);
    for (const name of ALL_WIDGETS) await expect(widget(page, name), name).toBeVisible();
    for (const symbol of ['BTC', 'ETH', 'TRX', 'BNB']) {
      await expect(widget(page, `${symbol} candles`).locator('canvas').first()).toBeVisible();
    }
    await expect(widget(page, 'Registered users').getByRole('img')).toHaveAccessibleName(/^Registered users per day, last 7 days \(UTC\): /);
    await expect(widget(page, 'Recent transactions').locator('tbody tr[data-row-key]')).toHaveCount(10);
    await expect(page.getByRole('link', { name: 'TradingView' })).toBeVisible();
    expect(pageProblems.cspViolations, pageProblems.summary()).toEqual([]);
    expect(pageProblems.pageErrors, pageProblems.summary()).toEqual([]);
    expect(pageProblems.consoleErrors, pageProblems.summary()).toEqual([]);
  });

  test('every figure says what it measures and its period, and equals the Accounting report for the same period', async ({
    page,
    server,
    request,
  }) => {
    await openDashboardAs(page, await tokenFor(request, server, 'demo'));
    const measures: [string, string][] = [
      ['Registered users', 'Customers who signed up'],
      ['Online users', 'Staff and customers, now'],
      ['Customer balance', "What customers' wallets hold now, per coin"],
      ['Company balance', "The company's own wallets now, per coin"],
      ['Total balances', "Received plus sent on the main network, USD at today's rates"],
      ['Revenue by send', "Fees earned on sends, USD at today's rates"],
      ['Revenue by exchange', "Fees earned on exchanges, USD at today's rates"],
    ];
    for (const [name, measure] of measures) await expect(widget(page, name), name).toContainText(measure);
    const allTime = async (name: string) => {
      await expect(widget(page, name)).toContainText(/All time/);
      return (await widget(page, name).getByLabel(`${name}, all time`).textContent()) ?? '';
    };
    const shown = {
      registered: await allTime('Registered users'),
      verified: await allTime('Verified users'),
      volume: await allTime('Total balances'),
      sendRevenue: await allTime('Revenue by send'),
    };

    // The same period on the Accounting report: from before the first transaction to the end of today (UTC).
    await page.goto('/xapareport');
    const minDate = '2000-01-01 00:00:00';
    const loaded = page.waitForResponse(
      (r) => r.url().includes('/api/admin/transactions/accounting?') && new URL(r.url()).searchParams.get('minDate') === minDate,
    );
    await page.getByPlaceholder('From').click();
    await page.getByPlaceholder('From').fill(minDate);
    await page.getByPlaceholder('From').press('Enter');
    await page.getByPlaceholder('To').fill(`${new Date().toISOString().slice(0, 10)} 23:59:59`);
    await page.getByPlaceholder('To').press('Enter');
    await loaded;
    const figure = (card: string, label: string) =>
      page.getByRole('region', { name: card, exact: true }).locator('tr').filter({ has: page.getByText(label, { exact: true }) }).locator('td');
    await expect(figure('Financial Reports', 'Revenue earned by send')).toHaveText(shown.sendRevenue);
    await expect(figure('Users', 'Registered users (all time)')).toHaveText(shown.registered);
    await expect(figure('Users', 'Verified users (all time)')).toHaveText(shown.verified);
    // Total balances is the income plus the outcome. Each of the three is rounded to the cent on its own, so the
    // sum of two may differ from the total by one cent, never more.
    const cents = (text: string) => scaled(text.replace(/[$,]/g, ''), 2);
    const income = cents((await figure('Financial Reports', 'Income').textContent()) ?? '');
    const outcome = cents((await figure('Financial Reports', 'Outcome').textContent()) ?? '');
    const gap = cents(shown.volume) - income - outcome;
    expect(gap >= -1n && gap <= 1n, `Total balances ${shown.volume} against income + outcome: ${gap} cents apart`).toBe(true);
  });

  test('support sees registrations, online users and recent transactions only', async ({ page, server, request }) => {
    await openDashboardAs(page, await tokenFor(request, server, 'support'));
    for (const name of SUPPORT_WIDGETS) await expect(widget(page, name), name).toBeVisible();
    await expect(widget(page, 'Recent transactions').locator('tbody tr[data-row-key]')).toHaveCount(10);
    for (const name of ALL_WIDGETS.filter((n) => !SUPPORT_WIDGETS.includes(n))) {
      await expect(widget(page, name), name).toHaveCount(0);
    }
    // Support holds ADMIN_SHOW_USER: e-mails link to the profile.
    await expect(widget(page, 'Recent transactions').locator('tbody a[href^="/userprofile/"]').first()).toBeVisible();
  });

  test('candles and change percents are coloured from the market data', async ({ page, server, request }) => {
    const token = await tokenFor(request, server, server.creds.username);
    await openDashboardAs(page, token);
    const coins = await apiJson<{ symbol: string; type: string }[]>(request, token, '/cointypes');
    const shown = coins.filter((c) => c.type === 'coin').slice(0, 4);
    const seen = new Set<string>();
    for (const { symbol } of shown) {
      const { changes } = await apiJson<{ changes: Change[] }>(request, token, `/coins/markets/${symbol}`);
      const last7 = changes.slice(-7);
      const card = widget(page, `${symbol} candles`);
      const rows = card.locator('tbody tr');
      await expect(rows).toHaveCount(7);
      for (const [i, c] of last7.entries()) {
        const up = Number(c.close) >= Number(c.open);
        seen.add(c.close === c.open ? 'unchanged' : up ? 'up' : 'down');
        await expect(rows.nth(i)).toHaveAttribute('data-day', c.startsAt.slice(0, 10));
        await expect(rows.nth(i)).toHaveAttribute('data-direction', up ? 'up' : 'down');
      }
      // The canvas holds exactly the candle colours the data calls for.
      await expect
        .poll(() => canvasColours(card), { message: `${symbol} chart colours` })
        .toEqual({
          up: last7.some((c) => Number(c.close) >= Number(c.open)),
          down: last7.some((c) => Number(c.close) < Number(c.open)),
        });
      const pct = Number(last7[6].percentChange);
      const percent = card.getByLabel(/^Change on the last day/);
      await expect(percent).toHaveCSS('color', pct > 0 ? GREEN : pct === 0 ? ORANGE : RED);
      await expect(percent).toContainText(`${Math.abs(pct).toFixed(2)}%`);
    }
    expect([...seen].sort(), 'the demo data has up, down and unchanged days').toEqual(['down', 'unchanged', 'up']);
  });

  test('company balance per coin is blue, orange or red against the customer balance', async ({ page, server, request }) => {
    const token = await tokenFor(request, server, server.creds.username);
    await openDashboardAs(page, token);
    const items = widget(page, 'Company balance').getByRole('list', { name: 'Company balance per coin' }).getByRole('listitem');
    await expect(items.first()).toBeVisible();
    await expect(async () => {
      const customer = await apiJson<{ balances: Balance[] }>(request, token, '/admin/wallets/customer_balance');
      const company = await apiJson<{ balances: Balance[] }>(request, token, '/admin/wallets/xapa_balance');
      const byCoin = new Map(customer.balances.map((b) => [b.coin_id, b.balance]));
      const expected = company.balances.map((b) => [String(b.coin_id), expectedTone(b.balance, byCoin.get(b.coin_id) ?? '0')]);
      const shown = await items.evaluateAll((lis) => lis.map((li) => [li.getAttribute('data-coin-id'), li.getAttribute('data-tone')]));
      expect(shown).toEqual(expected);
      expect(new Set(expected.map(([, tone]) => tone)), 'the demo data has all three colours').toEqual(
        new Set(['blue', 'orange', 'red']),
      );
    }).toPass();
    const colours = { blue: BLUE, orange: ORANGE, red: RED };
    for (const [tone, colour] of Object.entries(colours)) {
      await expect(items.and(page.locator(`[data-tone="${tone}"]`)).first().locator('.balance-list__amount')).toHaveCSS('color', colour);
    }
  });

  test('the company balance colours have a legend, a shape each and a tooltip with the rule and the ratio', async ({
    page,
    server,
    request,
  }) => {
    const token = await tokenFor(request, server, server.creds.username);
    await openDashboardAs(page, token);
    const card = widget(page, 'Company balance');
    await expect(card.getByRole('list', { name: 'Company balance colours' }).getByRole('listitem')).toHaveText([
      "Blue: 1.1 × company balance is at least the customers' balance",
      "Orange: 1.15 × company balance is at least the customers' balance (1.1 × is not)",
      "Red: 1.15 × company balance is below the customers' balance",
    ]);
    // Not colour alone: each balance names its colour (its shape's accessible name), and its tooltip gives the rule
    // and the customers' balance per company balance, rounded up to 4 decimals.
    const customer = await apiJson<{ balances: Balance[] }>(request, token, '/admin/wallets/customer_balance');
    const company = await apiJson<{ balances: Balance[] }>(request, token, '/admin/wallets/xapa_balance');
    const red = company.balances.find((b) => expectedTone(b.balance, customer.balances.find((c) => c.coin_id === b.coin_id)?.balance ?? '0') === 'red')!;
    const redCustomer = customer.balances.find((c) => c.coin_id === red.coin_id)!.balance;
    const item = card.locator(`li[data-coin-id="${red.coin_id}"]`);
    await expect(item.getByRole('img', { name: 'Red' })).toBeVisible();
    await item.locator('.balance-list__toned').focus();
    const units = scaled(redCustomer, 18) * 10_000n;
    const by = scaled(red.balance, 18);
    const ratio = (units + by - 1n) / by;
    const ratioText = `${ratio / 10_000n}.${String(ratio % 10_000n).padStart(4, '0')}`;
    await expect(page.getByRole('tooltip')).toHaveText(
      `Red: 1.15 × company balance is below the customers' balance. Customers' balance is ${ratioText} × the company balance.`,
    );
  });

  test('Exchange and My Wallet show the price the dashboard shows', async ({ page, server, request }) => {
    await openDashboardAs(page, await tokenFor(request, server, server.creds.username));
    const price = widget(page, 'BTC candles').getByLabel('BTC price');
    await expect(price).toHaveText(/^\$[\d,]+\.\d{2}$/);
    const shown = (await price.textContent()) ?? '';
    for (const [path, title] of [
      ['/exchange', 'Exchange'],
      ['/mywallet', 'My Wallet'],
    ]) {
      await (await menuEntry(page, title)).click();
      await expect(page).toHaveURL(path);
      // The dashboard stays on screen while the next page's code loads: wait until it is gone.
      await expect(widget(page, 'BTC candles')).toHaveCount(0);
      await expect(page.getByText(/^This page is a static preview/)).toBeVisible();
      await expect(page.getByLabel('BTC price'), path).toHaveText(shown);
    }
  });
});
