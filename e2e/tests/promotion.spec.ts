/**
 * /promotion ('Set Promotion'): Start Now and Stop Now round trips (checked with GET afterwards), and the countdown
 * reaching zero switching the promotion off. Signed in as `demo` with a token from `backoffice admin token`.
 */
import type { Page } from '@playwright/test';
import type { BackofficeServer } from '../fixtures/server';
import { expect, test } from '../fixtures/server';
import { useToken } from '../fixtures/sign-in';

test.use({ serverOptions: { label: 'catalog-specs' } });

interface Promotion {
  enabled: { isEnabled: boolean };
  range: { start_date: string; end_date: string };
  timer: { totalDuration: number; isStart: boolean };
}

async function signIn(page: Page, server: BackofficeServer): Promise<Record<string, string>> {
  const { stdout } = await server.runCli(['admin', 'token', '--username', server.creds.username]);
  await page.goto('/admin/login');
  await useToken(page, stdout.trim());
  return { Authorization: `Bearer ${stdout.trim()}` };
}

async function readPromotion(page: Page, headers: Record<string, string>): Promise<Promotion> {
  const res = await page.request.get('/api/admin/promotion', { headers });
  expect(res.status()).toBe(200);
  return (await res.json()) as Promotion;
}

/** `YYYY-MM-DD HH:mm:ss` in UTC, as the save call takes dates. */
const apiDate = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

test('while it runs only Stop Now ends it; Start Now then runs it from now for 4e10 ms; a submit shows the saved value', async ({
  page,
  server,
  pageProblems,
}) => {
  const headers = await signIn(page, server);
  await page.goto('/promotion');
  await expect(page.getByText('Set Promotion')).toBeVisible();
  await expect(page.getByRole('timer', { name: 'Time left' })).toBeVisible();
  // The demo pays the inviter a promotion amount: its default amount is disabled.
  await expect(page.getByLabel('Inviter Default Amount (USD)')).toBeDisabled();
  await expect(page.getByLabel('Waiting Time (days)')).toBeDisabled();
  // The demo's promotion runs: Start Now would move its start to now, so only Stop Now is offered.
  await expect(page.getByRole('button', { name: 'Start Now' })).toBeDisabled();

  await page.getByRole('button', { name: 'Stop Now' }).click();
  await expect(page.getByText('Promotion has been stopped')).toBeVisible();
  await expect(page.getByText('The promotion is off.')).toBeVisible();
  const stopped = await readPromotion(page, headers);
  expect(stopped.enabled.isEnabled).toBe(false);
  expect(stopped.timer.totalDuration).toBe(0);
  await expect(page.getByRole('button', { name: 'Stop Now' })).toBeDisabled();

  const before = Date.now();
  await page.getByRole('button', { name: 'Start Now' }).click();
  await expect(page.getByText('Promotion has been started')).toBeVisible();
  await expect(page.getByRole('timer', { name: 'Time left' })).toHaveText(/^46[23]d /);
  const started = await readPromotion(page, headers);
  expect(started.enabled.isEnabled).toBe(true);
  expect(started.timer.isStart).toBe(true);
  const after = Date.now();
  // "From now": between the click and the reply, on the server's clock (this machine's), kept to the second.
  const start = Date.parse(started.range.start_date);
  expect(start).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
  expect(start).toBeLessThanOrEqual(after);
  expect(Date.parse(started.range.end_date) - start).toBe(4e10);
  await expect(page.getByRole('button', { name: 'Start Now' })).toBeDisabled();

  // A submit while it runs: the form shows the value saved, and so does the page read again.
  const amount = page.getByLabel('Inviter Promotion Amount (USD)');
  await amount.fill('11');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Promotion has been saved')).toBeVisible();
  await expect(amount).toHaveValue('11');
  await page.reload();
  await expect(page.getByLabel('Inviter Promotion Amount (USD)')).toHaveValue('11');
  expect(pageProblems.isEmpty, pageProblems.summary()).toBe(true);
});

test('the countdown reaching zero switches the promotion off', async ({ page, server, pageProblems }) => {
  const headers = await signIn(page, server);
  const save = async (endMs: number) => {
    const res = await page.request.post('/api/admin/promotion', {
      headers,
      data: {
        isEnabled: true,
        minimum: [{ coin: 6, main: '60' }],
        invited_bonus: { coin: 6, amount: '0', default: '5', network: 'main' },
        inviter_bonus: { coin: 6, amount: '10', default: '0', network: 'main' },
        waiting_time: { days: 50 },
        range: { start_date: apiDate(Date.now() - 60_000), end_date: apiDate(endMs) },
      },
    });
    expect(res.status(), await res.text()).toBe(200);
  };
  // The page counts down on a clock the test moves, so how fast this machine is cannot make it miss the end. The
  // promotion runs for an hour when the page reads it, and then ends on the server a second from now.
  await save(Date.now() + 3_600_000);
  await page.clock.install();
  await page.goto('/promotion');
  const timer = page.getByRole('timer', { name: 'Time left' });
  await expect(timer).toHaveText(/^00:[0-5]\d:\d\d$/);
  await save(Date.now() + 1_000);
  await expect.poll(async () => (await readPromotion(page, headers)).enabled.isEnabled).toBe(false);
  await expect(timer, 'the page has not read the promotion again by itself').toBeVisible();

  const readAgain = page.waitForRequest((req) => req.method() === 'GET' && req.url().endsWith('/api/admin/promotion'));
  await page.clock.fastForward('01:00:00');
  await readAgain;
  await expect(page.getByText('The promotion is off.')).toBeVisible();
  await expect(timer).toHaveCount(0);
  expect(pageProblems.isEmpty, pageProblems.summary()).toBe(true);
});
