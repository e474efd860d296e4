/**
 * /tokens and /blacklist: add a token through both steps of the panel, modify it, the buttons' disabled rules,
 * the black list. Signed in as `demo` (every permission) with a token from `backoffice admin token`.
 */
import type { Page } from '@playwright/test';
import type { BackofficeServer } from '../fixtures/server';
import { chooseOption } from '../fixtures/antd';
import { expect, test } from '../fixtures/server';
import { useToken } from '../fixtures/sign-in';

// Adds a token: a server of its own (shared with the other catalog specs), not the one other files read.
test.use({ serverOptions: { label: 'catalog-specs' } });

async function openAs(page: Page, server: BackofficeServer, path: string): Promise<string> {
  const { stdout } = await server.runCli(['admin', 'token', '--username', server.creds.username]);
  const token = stdout.trim();
  await page.goto('/admin/login');
  await useToken(page, token);
  await page.goto(path);
  return token;
}

test('a token is added through both steps of the panel, then modified', async ({ page, server, pageProblems }) => {
  const token = await openAs(page, server, '/tokens');
  await expect(page.getByRole('heading', { name: 'Tokens', level: 1 })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Tether USD' }).first()).toBeVisible();

  // Step one: the chain coins as buttons; step two: the form.
  await page.getByRole('button', { name: 'Add Token' }).click();
  const add = page.getByRole('dialog', { name: 'Add Token' });
  await add.getByRole('button', { name: 'Tron' }).click();
  const addButton = add.getByRole('button', { name: 'Add Token' });
  await expect(addButton).toBeDisabled();
  await add.getByLabel('Token Name').fill('Xapa Test Token');
  await add.getByLabel('Symbol').fill('XT');
  await add.getByLabel('Decimals').fill('6');
  await add.getByLabel('Main Contract Address').fill('TXapaMainContract001');
  await add.getByLabel('Test Contract Address').fill('TXapaTestContract001');
  await add.getByLabel('Max Confirmation').fill('19');
  await add.getByLabel('Min Spendable').fill('0.5');
  await expect(addButton).toBeDisabled(); // symbol shorter than 3
  await add.getByLabel('Symbol').fill('XAPT');
  await expect(addButton).toBeEnabled();
  await add.getByLabel('Decimals').fill('0');
  await expect(addButton).toBeDisabled(); // decimals below 1
  await add.getByLabel('Decimals').fill('6');
  await add.getByLabel('Test Contract Address').fill('TShort');
  await expect(addButton).toBeDisabled(); // test contract shorter than 10
  await add.getByLabel('Test Contract Address').fill('TXapaTestContract001');
  await add.getByLabel('Max Confirmation').fill('0');
  await expect(addButton).toBeDisabled(); // max confirmation below 1
  await add.getByLabel('Max Confirmation').fill('19');
  await addButton.click();

  await expect(add).toBeHidden();
  await expect(page.getByText('Token has been added')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: 'XAPT' });
  await expect(row).toContainText('Xapa Test Token');
  await expect(row).toContainText('TRX');
  await expect(row).toContainText('TXapaMainContract001');

  // A second token with the same symbol on the same chain: the server's message shows in the panel.
  await page.getByRole('button', { name: 'Add Token' }).click();
  await add.getByRole('button', { name: 'Tron' }).click();
  await add.getByLabel('Token Name').fill('Duplicate');
  await add.getByLabel('Symbol').fill('XAPT');
  await add.getByLabel('Decimals').fill('6');
  await add.getByLabel('Main Contract Address').fill('TXapaMainContract002');
  await add.getByLabel('Test Contract Address').fill('TXapaTestContract002');
  await add.getByLabel('Max Confirmation').fill('19');
  await add.getByRole('button', { name: 'Add Token' }).click();
  await expect(add.getByText('A token XAPT already exists on this blockchain.')).toBeVisible();
  await add.getByRole('button', { name: 'Close' }).click();
  await expect(add).toBeHidden();

  // Modify: the same fields plus the Blockchain dropdown.
  await page.getByRole('button', { name: 'Edit XAPT (TRX)' }).click();
  const modify = page.getByRole('dialog', { name: 'Modify Token' });
  const modifyButton = modify.getByRole('button', { name: 'Modify Token' });
  await expect(modify.getByLabel('Token Name')).toHaveValue('Xapa Test Token');
  await expect(modifyButton).toBeEnabled();
  await modify.getByLabel('Token Name').fill('Xap');
  await expect(modifyButton).toBeDisabled(); // name shorter than 4
  await modify.getByLabel('Token Name').fill('Xapa Token');
  await modify.getByLabel('Max Confirmation').fill('');
  await expect(modifyButton).toBeDisabled(); // max confirmation empty
  await modify.getByLabel('Max Confirmation').fill('12');
  await modify.getByLabel('Main Contract Address').fill('0xXapaMain01');
  await modify.getByLabel('Test Contract Address').fill('0xXapaTest01');
  await chooseOption(page, modify.getByLabel('Blockchain'), 'Ethereum');
  await modifyButton.click();
  await expect(modify).toBeHidden();
  const moved = page.getByRole('row').filter({ hasText: 'XAPT' });
  await expect(moved).toContainText('Xapa Token');
  await expect(moved).toContainText('ETH');

  // The server holds the change, and the coin list now has the token.
  const tokens = (await (await page.request.get('/api/admin/coins/tokens', { headers: { Authorization: `Bearer ${token}` } })).json()) as {
    tokens: { symbol: string; blockchain: string; name: string; maxConfirmation: number; minSpendable: string }[];
  };
  expect(tokens.tokens.find((t) => t.symbol === 'XAPT')).toMatchObject({
    blockchain: 'ETH',
    name: 'Xapa Token',
    maxConfirmation: 12,
    minSpendable: '0.5',
  });
  // The duplicate's 400 is logged by the browser as a failed resource; nothing else may go wrong.
  const unexpected = pageProblems.consoleErrors.filter((c) => !/status of 400 .*\/api\/admin\/coins\/new/.test(c.text + c.location));
  expect([...unexpected, ...pageProblems.pageErrors, ...pageProblems.cspViolations], pageProblems.summary()).toEqual([]);
});

test('the black list: Id, Market Name and Delete', async ({ page, server, pageProblems }) => {
  await openAs(page, server, '/blacklist');
  await expect(page.getByRole('heading', { name: 'Black List', level: 1 })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'LUNA/USDT', exact: true })).toBeVisible();
  await expect(page.getByRole('columnheader')).toHaveText(['ID', 'Market Name', 'Delete']);
  await page.getByRole('button', { name: 'Delete LUNA/USDT' }).click(); // no action
  await expect(page.getByRole('cell', { name: 'LUNA/USDT', exact: true })).toBeVisible();
  expect(pageProblems.isEmpty, pageProblems.summary()).toBe(true);
});
