/**
 * Network rules per role (issue 22): an administrator gives the Support role allowed networks in the role modal
 * that leave out this browser's address (127.0.0.1): Support's open session is refused on every call (403) and its
 * sign-in gets the wrong password's "Invalid credentials."; emptied again, Support signs in from anywhere.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/server';
import { signInByApi, signInThroughPage, submitCredentials } from '../fixtures/sign-in';
import { boundWithTotpWaits } from '../fixtures/bounds';

// A server of its own: a role's networks change here.
test.use({ serverOptions: { label: 'networks' } });
// Each sign-in waits for a fresh TOTP code (up to 30 s), and the test signs in four times.
test.describe.configure({ timeout: boundWithTotpWaits(4) });

/** Opens the Support role's modal from the Roles page, sets its networks and saves. */
async function setSupportNetworks(page: Page, networks: string): Promise<void> {
  await page.goto('/roles');
  await page.getByRole('button', { name: 'Modify Support' }).click();
  const modify = page.getByRole('dialog');
  await expect(modify.getByLabel("Role's Display Name")).toHaveValue('Support');
  await modify.getByLabel('Allowed networks').fill(networks);
  await modify.getByRole('button', { name: 'Modify Role' }).click();
  await expect(page.getByText('Role Modifyed Successfully')).toBeVisible();
  await expect(modify).toBeHidden();
}

test('a role whose networks leave out the address: its session is refused and its sign-in fails', async ({
  page,
  browser,
  server,
  request,
  pageProblems,
}) => {
  const support = server.login('support');
  const supportToken = await signInByApi(request, support);
  const asSupport = { headers: { Authorization: `Bearer ${supportToken}` } };
  expect((await request.get('/api/user', asSupport)).status()).toBe(200);

  await signInThroughPage(page, server.login('demo'));
  await setSupportNetworks(page, '10.0.0.0/8\n192.0.2.1');
  await page.getByRole('button', { name: 'Modify Support' }).click();
  await expect(page.getByRole('dialog').getByLabel('Allowed networks')).toHaveValue('10.0.0.0/8\n192.0.2.1/32');
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

  // The open session: every call refused.
  const refused = await request.get('/api/user', asSupport);
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { message: string }).message).toBe('Your role does not allow access from this network.');

  // A new sign-in from here: the wrong password's reply, in another browser context.
  const other = await browser.newContext({ baseURL: server.baseURL });
  const supportPage = await other.newPage();
  await supportPage.goto('/admin/login');
  await submitCredentials(supportPage, support);
  await expect(supportPage.getByText('Invalid credentials.')).toBeVisible();

  // Emptied: anywhere again.
  await setSupportNetworks(page, '');
  expect((await request.get('/api/user', asSupport)).status()).toBe(200);
  await signInThroughPage(supportPage, support);
  await other.close();
  expect(pageProblems.cspViolations, pageProblems.summary()).toEqual([]);
});
