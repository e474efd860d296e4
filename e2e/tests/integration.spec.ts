/**
 * The loop with the exchange core, in the demo (its simulated core answers every command): a customer disabled by
 * staff is applied at the core and the profile says so; a token the core refuses shows the core's reason; the
 * Integration screen shows the demo core's events and the commands.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { chooseOption } from '../fixtures/antd';
import { expect, test } from '../fixtures/server';
import type { BackofficeServer } from '../fixtures/server';
import { ensureSteppedUp } from '../fixtures/step-up';
import { signInByApi, useToken } from '../fixtures/sign-in';

// A server of its own: these tests disable a customer and add a token. Its simulated core answers each command 5 s
// after taking it, so the change shows "pending at core" first, as with a real core.
test.use({ serverOptions: { label: 'integration', extraArgs: ['--demo-core-delay', '5s'] } });

let token = '';

async function openAsDemo(page: Page, request: APIRequestContext, server: BackofficeServer, path: string): Promise<void> {
  if (!token) token = await signInByApi(request, server.creds);
  await ensureSteppedUp(request, token, server.creds); // disabling a customer and adding a token need a recent second factor
  await page.goto('/admin/login');
  await useToken(page, token);
  await page.goto(path);
}

/** A customer of the demo core, enabled: the first user without a role on the first page. */
async function aCustomer(request: APIRequestContext): Promise<{ id: number; email: string }> {
  const reply = await request.get('/api/admin/users?maxPerPage=100', { headers: { Authorization: `Bearer ${token}` } });
  const { users } = (await reply.json()) as { users: { id: number; email: string; roles: string[] }[] };
  const customer = users.find((u) => u.roles.length === 0 && !u.email.startsWith('customer@'));
  if (!customer) throw new Error('the demo has no customer on the first page of users');
  return customer;
}

test('a customer disabled by staff is applied at the core, and the Integration screen lists the command', async ({
  page,
  request,
  server,
  pageProblems,
}) => {
  await openAsDemo(page, request, server, '/usermanagement');
  const customer = await aCustomer(request);
  await page.getByRole('searchbox', { name: 'Search users' }).fill(customer.email);
  await page.getByRole('button', { name: `Edit ${customer.email}` }).click();
  const dialog = page.getByRole('dialog');
  await chooseOption(page, dialog.getByRole('combobox', { name: 'Status' }), 'Inactive');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('User Has Been Edited')).toBeVisible();

  await page.goto(`/userprofile/${customer.id}`);
  const attributes = page.getByRole('region', { name: 'User Attribute' });
  // The core answers 5 s after the command: a busy machine may open the profile after that, so the first state
  // seen is either (CoreState.test.tsx shows the pending one); the profile reads again until the core answers.
  await expect(attributes.getByText(/^(Pending|Applied) at core$/)).toBeVisible();
  await expect(attributes.getByText('Applied at core')).toBeVisible();
  await expect(attributes.locator('.ant-tag-red', { hasText: 'Inactive' })).toBeVisible(); // Status; the 2FA rows say Inactive too

  await page.goto('/integration');
  await expect(page.getByRole('heading', { name: 'Integration', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Events from the core' }).getByRole('cell', { name: 'xapa.demo-core' })).toBeVisible();
  const commands = page.getByRole('region', { name: 'Commands to the core' });
  const row = commands.getByRole('row').filter({ hasText: `customer:${customer.id}` });
  await expect(row).toContainText('xapa.cmd.customer.v1');
  await expect(row).toContainText('Applied');
  // Each command opens to show the CloudEvent as sent.
  await row.getByRole('button', { name: /expand/i }).click();
  await expect(commands.getByLabel(/^Command .* as sent$/)).toContainText('"enabled":false');
  expect(pageProblems.isEmpty, pageProblems.summary()).toBe(true);
});

test('a token the core refuses shows its reason, and the catalogue keeps it as staff entered it', async ({
  page,
  request,
  server,
}) => {
  await openAsDemo(page, request, server, '/tokens');
  await page.getByRole('button', { name: 'Add Token' }).click();
  const add = page.getByRole('dialog', { name: 'Add Token' });
  await add.getByRole('button', { name: 'Ethereum' }).click();
  await add.getByLabel('Token Name').fill('Refused Token');
  await add.getByLabel('Symbol').fill('RFSD');
  await add.getByLabel('Decimals').fill('6');
  await add.getByLabel('Main Contract Address').fill('0xNOT-AN-ADDRESS-1');
  await add.getByLabel('Test Contract Address').fill('0xTestContract0001');
  await add.getByLabel('Max Confirmation').fill('12');
  await add.getByLabel('Min Spendable').fill('1');
  await add.getByRole('button', { name: 'Add Token' }).click();
  await expect(page.getByText('Token has been added')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: 'RFSD' });
  await expect(row.getByText('Rejected by the core')).toBeVisible();
  await expect(row).toContainText('ETH has no contract at "0xNOT-AN-ADDRESS-1"');
});
