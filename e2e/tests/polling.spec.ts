/**
 * Polling (every 10 s): a new transaction shows up on History and in the dashboard's recent transactions within
 * one interval. The only tests that need the demo's live generator: a server of their own with it on. The page's
 * clock is Playwright's: it runs on its own, and the test moves it on by one interval once the server holds a newer
 * transaction than the page shows.
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from '../fixtures/server';
import type { BackofficeServer } from '../fixtures/server';
import { tokenFor, useToken } from '../fixtures/sign-in';

test.use({ serverOptions: { label: 'live', live: true } });

const POLL_MS = 10_000;

/** The newest main-network transaction on the server. */
async function newestId(request: APIRequestContext, token: string): Promise<number> {
  const res = await request.get('/api/admin/transactions/history', {
    params: { maxPerPage: 1, network: 'main' }, // what both lists show by default
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { transactionHistory: { id: number }[] }).transactionHistory[0].id;
}

/** Opens `path` as `username` with Playwright's clock installed; returns a token for the API checks (all keys). */
async function open(page: Page, server: BackofficeServer, request: APIRequestContext, username: string, path: string) {
  await page.clock.install();
  await page.goto('/admin/login');
  await useToken(page, await tokenFor(request, server, username));
  await page.goto(path);
  return tokenFor(request, server, server.creds.username);
}

/** Waits until the server holds a newer transaction than `row` shows, moves the clock on one interval, and expects it. */
async function expectNewRowAfterOnePoll(page: Page, request: APIRequestContext, token: string, row: Locator) {
  await expect(row).toBeVisible();
  const shown = Number(await row.getAttribute('data-row-key'));
  await expect.poll(() => newestId(request, token)).toBeGreaterThan(shown);
  await page.clock.fastForward(POLL_MS);
  await expect.poll(async () => Number(await row.getAttribute('data-row-key'))).toBeGreaterThan(shown);
}

test('History: a new transaction appears within one polling interval', async ({ page, server, request }) => {
  const token = await open(page, server, request, server.creds.username, '/history');
  await expect(page.getByRole('heading', { name: 'History', level: 1 })).toBeVisible();
  await expectNewRowAfterOnePoll(page, request, token, page.locator('.ant-table-tbody tr[data-row-key]').first());
});

test('dashboard: a new transaction appears in recent transactions within one polling interval', async ({ page, server, request }) => {
  const token = await open(page, server, request, 'support', '/');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  const recent = page.getByRole('region', { name: 'Recent transactions', exact: true });
  await expectNewRowAfterOnePoll(page, request, token, recent.locator('tbody tr[data-row-key]').first());
});

/** The close of today's BTC candle on the server. */
async function btcClose(request: APIRequestContext, token: string): Promise<string> {
  const res = await request.get('/api/coins/markets/BTC', { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status(), await res.text()).toBe(200);
  const { changes } = (await res.json()) as { changes: { close: string }[] };
  return changes[changes.length - 1].close;
}

test('dashboard: a candle card shows the core\'s new price within one minute', async ({ page, server, request }) => {
  const token = await open(page, server, request, server.creds.username, '/');
  const price = page.getByLabel('BTC price', { exact: true });
  await expect(price).toBeVisible();
  const shown = await price.textContent();
  const before = await btcClose(request, token);
  await expect.poll(() => btcClose(request, token)).not.toBe(before);
  await page.clock.fastForward(60_000);
  await expect(price).not.toHaveText(shown ?? '');
});
