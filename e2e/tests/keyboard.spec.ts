/**
 * The keyboard alone: signing in (captcha and code included), a History search, a dialog that traps focus and gives
 * it back, and a focus ring on whatever has focus.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../fixtures/server';
import { CAPTCHA_BOUND_MS, tokenFor, useToken } from '../fixtures/sign-in';
import { freshTotp } from '../fixtures/totp';

test.use({ serverOptions: { label: 'keyboard' } });

/** Presses Tab until `target` has focus (at most `max` times): it is reachable by keyboard. */
async function tabTo(page: Page, target: Locator, max = 40): Promise<void> {
  for (let i = 0; i < max; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target, `reached with at most ${max} Tab presses`).toBeFocused();
}

/** Whether the focused element shows a focus ring (an outline or a box shadow). */
async function focusRingShown(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return false;
    const cs = getComputedStyle(el);
    const outline = cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) > 0;
    return outline || (cs.boxShadow !== 'none' && cs.boxShadow !== '');
  });
}

test('a staff member signs in with the keyboard alone: credentials, captcha, code', async ({ page, server }) => {
  const login = server.login('finance');
  await page.goto('/admin/login');
  await expect(page.getByLabel('Username')).toBeFocused(); // the form opens on its first field
  await page.keyboard.type(login.username);
  await tabTo(page, page.getByLabel('Password', { exact: true }));
  await page.keyboard.type(login.password);
  const captcha = page.getByTestId('captcha').locator('input[type="checkbox"]');
  await tabTo(page, captcha);
  expect(await focusRingShown(page), 'the captcha box shows it has focus').toBe(true);
  await page.keyboard.press('Space');
  const loginButton = page.getByRole('button', { name: 'Login', exact: true });
  await expect(loginButton).toBeVisible({ timeout: CAPTCHA_BOUND_MS.usual });
  await tabTo(page, loginButton);
  expect(await focusRingShown(page), 'Login shows it has focus').toBe(true);
  await page.keyboard.press('Enter');
  const code = page.getByLabel('Code', { exact: true });
  await expect(code).toBeFocused();
  await page.keyboard.type(await freshTotp(login.totpSecret)); // sent by itself at the 6th digit
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
});

test('History: a hash search and the CSV download, by keyboard', async ({ page, request, server }) => {
  await page.goto('/admin/login');
  await useToken(page, await tokenFor(request, server, 'demo'));
  await page.goto('/history');
  const firstHash = page.locator('tbody tr[data-row-key] .tx-hash').first();
  await expect(firstHash).toBeVisible();
  const hash = (await firstHash.locator('.visually-hidden').textContent())!.replace(/[()\s]/g, '');
  const search = page.getByRole('searchbox', { name: 'Transaction hash' });
  await tabTo(page, search, 60);
  await page.keyboard.type(hash);
  await page.keyboard.press('Enter');
  await expect(page.getByText(`1 record for ${hash}`)).toBeVisible();
  await page.keyboard.press('Escape');
  const csv = page.getByRole('button', { name: 'Download CSV' });
  await tabTo(page, csv, 60);
  expect(await focusRingShown(page), 'Download CSV shows it has focus').toBe(true);
  const download = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  expect((await download).suggestedFilename()).toMatch(/\.csv$/);
});

test('a dialog keeps focus inside while open, and gives it back to its button when closed', async ({ page, request, server }) => {
  await page.goto('/admin/login');
  await useToken(page, await tokenFor(request, server, 'demo'));
  await page.goto('/members');
  const create = page.getByRole('button', { name: 'Create Member' });
  await tabTo(page, create, 60);
  expect(await focusRingShown(page), 'the button shows it has focus').toBe(true);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  for (let i = 0; i < 25; i += 1) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement)), `Tab ${i + 1} stays in the dialog`).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(create).toBeFocused();
});
