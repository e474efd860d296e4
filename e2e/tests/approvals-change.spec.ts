/**
 * Approvals show the change, not the request (issue 37): with the demo's policy the promotion waits for a second
 * person. Stop Now is sent for approval; pressing it again is refused, the form naming the pending request with a
 * link; the link opens that request on the Approvals screen, its fields labelled as the promotion form labels them and
 * its coins by symbol: no internal key, no coin id, no raw call.
 */
import type { Page } from '@playwright/test';
import type { BackofficeServer } from '../fixtures/server';
import { expect, test } from '../fixtures/server';
import { useToken } from '../fixtures/sign-in';

test.use({ serverOptions: { label: 'approvals-change', approvals: true } });

async function signIn(page: Page, server: BackofficeServer): Promise<void> {
  const { stdout } = await server.runCli(['admin', 'token', '--username', server.creds.username]);
  await page.goto('/admin/login');
  await useToken(page, stdout.trim());
}

test('a second request for a pending change is refused with a link; the request reads as the form', async ({ page, server }) => {
  await signIn(page, server);
  // The demo's promotion runs: Stop Now is the change. The screen then shows it waiting; after a reload the
  // promotion still runs (nothing is applied before approval), so Stop Now asks for the same change again.
  await page.goto('/promotion');
  await page.getByRole('button', { name: 'Stop Now' }).click();
  await expect(page.getByText(/^Sent for approval/).first()).toBeVisible();

  await page.reload();
  await page.getByRole('button', { name: 'Stop Now' }).click();
  await expect(page.getByText('The same change is already waiting for approval: nothing was sent.')).toBeVisible();
  const link = page.getByRole('link', { name: /^Open the pending request #\d+$/ });
  const id = ((await link.textContent()) ?? '').replace(/\D/g, '');
  await link.click();

  await expect(page).toHaveURL(new RegExp(`/approvals\\?request=${id}$`));
  const diff = page.getByRole('table', { name: /^What “.*” changes$/ });
  await expect(diff).toBeVisible();
  await expect(diff.getByRole('rowheader', { name: 'Promotion on' })).toBeVisible();
  const coin = diff.getByRole('rowheader', { name: 'Inviter Coin' }).locator('xpath=..').locator('td').last();
  await expect(coin).toHaveText(/^[A-Z][A-Za-z0-9 ()]*$/); // a symbol, not an id
  const details = page.locator('.approval-details');
  await expect(details).not.toContainText('inviter.coin');
  await expect(details).not.toContainText('/api/');

  // A before and an after, the changed fields marked and said in words on the request's line; the rest unchanged.
  await expect(diff.getByRole('columnheader', { name: 'Before' })).toBeVisible();
  const changed = diff.locator('tr.change-diff__row--changed');
  await expect(changed.first()).toBeVisible();
  expect(await changed.count(), 'only what Stop Now changes').toBeLessThan(await diff.locator('tbody tr').count());
  const line = page.locator('.approvals__summary').first();
  await expect(line).toContainText('→');
  await expect(line).not.toContainText('inviter.');
});

test('a role edit waiting for approval: a second edit of that role links to the first request', async ({ page, server }) => {
  await signIn(page, server);
  await page.goto('/roles');
  const modify = page.getByRole('button', { name: /^Modify / }).first();
  const name = ((await modify.getAttribute('aria-label')) ?? '').replace(/^Modify /, '');
  const edit = async (description: string) => {
    await page.getByRole('button', { name: `Modify ${name}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Description').fill(description);
    await dialog.getByRole('button', { name: 'Modify Role' }).click();
    return dialog;
  };
  await edit('First change');
  await expect(page.getByText(/^Sent for approval/).first()).toBeVisible();
  await page.keyboard.press('Escape');

  const dialog = await edit('Second change');
  await expect(dialog.getByText('The same change is already waiting for approval: nothing was sent.')).toBeVisible();
  const link = dialog.getByRole('link', { name: /^Open the pending request #\d+$/ });
  const id = ((await link.textContent()) ?? '').replace(/\D/g, '');
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/approvals\\?request=${id}$`));
  await expect(page.getByRole('table', { name: /^What “.*” changes$/ })).toContainText('First change');
});
