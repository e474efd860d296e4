/**
 * /changelog (App Versions): create a version with a change log through the builder, see it listed, delete it
 * after the confirmation. Signed in as `demo` with a token from `backoffice admin token`.
 */
import { chooseOption } from '../fixtures/antd';
import { expect, test } from '../fixtures/server';
import { useToken } from '../fixtures/sign-in';

test.use({ serverOptions: { label: 'catalog-specs' } });

test('an app version is created with a change log, listed, then deleted after the confirmation', async ({
  page,
  server,
  pageProblems,
}) => {
  const { stdout } = await server.runCli(['admin', 'token', '--username', server.creds.username]);
  await page.goto('/admin/login');
  await useToken(page, stdout.trim());
  await page.goto('/changelog');
  await expect(page.getByRole('heading', { name: 'ChangeLog', level: 1 })).toBeVisible();
  await expect(page.getByRole('cell', { name: '1.030.01', exact: true })).toBeVisible();

  const addChangelog = page.getByRole('button', { name: 'Add Changelog' });
  const submit = page.getByRole('button', { name: 'Submit Changelog' });
  await expect(addChangelog).toBeDisabled();
  await expect(submit).toBeDisabled();
  await expect(page.getByRole('textbox', { name: 'Item 1' })).toBeDisabled();

  // The name takes its dots as it is typed.
  const name = page.getByLabel('Name', { exact: true });
  await name.pressSequentially('972001');
  await expect(name).toHaveValue('9.720.01');
  await chooseOption(page, page.getByLabel('Platform'), 'IOS');
  const release = page.getByLabel('Release Date (UTC)');
  await release.click();
  await release.fill('2026-12-01 10:30:00');
  await release.press('Enter');
  await expect(release).toHaveValue('2026-12-01 10:30:00');

  await chooseOption(page, page.getByRole('combobox', { name: 'Group' }), 'New Features');
  const item1 = page.getByRole('textbox', { name: 'Item 1' });
  await item1.fill('Dar');
  const addItem = page.getByRole('button', { name: /Add Item/ });
  await expect(addItem).toBeDisabled();
  await item1.fill('Dark mode');
  await item1.press('Enter'); // a new item field, not a submit
  await page.getByRole('textbox', { name: 'Item 2' }).fill('Quicker start');
  await addChangelog.click();
  await chooseOption(page, page.getByRole('combobox', { name: 'Group' }), 'Bug Fixes');
  await page.getByRole('textbox', { name: 'Item 1' }).fill('Fix the CSV dates');
  await addChangelog.click();
  await page.getByLabel('Force Update Required').check();
  await expect(submit).toBeEnabled();
  await submit.click();

  await expect(page.getByText('App version has been created')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: '9.720.01' });
  await expect(row).toContainText('IOS');
  await expect(row).toContainText('Yes');
  await row.getByRole('button', { name: /View Change Log/ }).click();
  const details = page.getByRole('region', { name: 'New Features' });
  await expect(details).toContainText('Dark mode');
  await expect(details).toContainText('Quicker start');
  await expect(page.getByRole('region', { name: 'Bug Fixes' }).filter({ hasText: 'Fix the CSV dates' })).toBeVisible();
  await expect(name).toHaveValue('');

  // Delete: Cancel keeps it, Delete (confirmed) removes it.
  await page.getByRole('button', { name: 'Delete IOS 9.720.01' }).click();
  const confirm = page.getByRole('tooltip').filter({ hasText: 'Delete this app version?' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toBeVisible();
  await page.getByRole('button', { name: 'Delete IOS 9.720.01' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('App version has been deleted')).toBeVisible();
  await expect(row).toHaveCount(0);
  expect(pageProblems.isEmpty, pageProblems.summary()).toBe(true);
});
