/**
 * Members (/members) and User Management (/usermanagement): create a member, find them, give them a role,
 * sign in as them (Google Authenticator set-up) and see the role's menu; page size and paging over 300+ users.
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { chooseOption } from '../fixtures/antd';
import { menuEntry, menuLinks } from '../fixtures/menu';
import { expect, test } from '../fixtures/server';
import type { BackofficeServer } from '../fixtures/server';
import { ensureSteppedUp } from '../fixtures/step-up';
import { signInByApi, submitCredentials, useToken } from '../fixtures/sign-in';
import { freshTotp } from '../fixtures/totp';

// A server of its own: these tests add staff and change roles.
test.use({ serverOptions: { label: 'members' } });

let token = '';

/** Opens `path` signed in as the demo staff member (one API sign-in per file). */
async function openAsDemo(page: Page, request: APIRequestContext, server: BackofficeServer, path: string): Promise<void> {
  if (!token) token = await signInByApi(request, server.creds);
  await ensureSteppedUp(request, token, server.creds); // creating staff and setting roles need a recent second factor
  await page.goto('/admin/login');
  await useToken(page, token);
  await page.goto(path);
}

const rows = (page: Page): Locator => page.locator('.ant-table-tbody tr.ant-table-row');
const activePage = (page: Page): Locator => page.getByTestId('list-pager').locator('[aria-current="page"]');

test.describe('members', () => {
  test('create a member, find them, give them a role, and they sign in to that role\'s menu', async ({
    page,
    request,
    server,
    pageProblems,
  }) => {
    const username = `mia${Date.now().toString(36)}`;
    const email = `${username}@example.com`;
    const password = 'S3cure-pass-9!';
    await openAsDemo(page, request, server, '/members');
    await expect(page.getByRole('heading', { name: 'Members', level: 1 })).toBeVisible();
    await expect(rows(page).first()).toBeVisible();

    // Create Member: Create waits for a matching confirmation.
    await page.getByRole('button', { name: 'Create Member' }).click();
    const create = page.getByRole('dialog');
    await create.getByLabel('Display Name').fill('Mia Member');
    await create.getByLabel('Username').fill(username);
    await create.getByLabel('Email').fill(email);
    await create.getByLabel('Password', { exact: true }).fill(password);
    await create.getByLabel('Confirm Password').fill(`${password}x`);
    await expect(create.getByRole('button', { name: 'Create' })).toBeDisabled();
    await create.getByLabel('Confirm Password').fill(password);
    await create.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByText('User Has Been Created')).toBeVisible();
    await expect(create).toBeHidden();

    // Find them by search: one row, no role yet.
    await page.getByRole('searchbox', { name: 'Search members' }).fill(username);
    await expect(rows(page)).toHaveCount(1);
    const row = rows(page).first();
    await expect(row).toContainText(email);
    await expect(row).toContainText('Mia Member');
    await expect(row.locator('td').nth(3)).toHaveText('—'); // Roles (after the checkbox, name, email)

    // Change role: Support.
    await row.getByRole('checkbox', { name: `Select ${email}` }).check();
    await expect(page.getByTestId('selected-count')).toHaveText('1 selected');
    await page.getByRole('button', { name: 'Change role' }).click();
    const setRole = page.getByRole('dialog');
    await expect(setRole.getByRole('button', { name: 'Set Role' })).toBeDisabled();
    await chooseOption(page, setRole.getByLabel('Role'), 'Support');
    await setRole.getByRole('button', { name: 'Set Role' }).click();
    await expect(page.getByText('Role has been set')).toBeVisible();
    await expect(row.locator('td').nth(3)).toHaveText('Support');
    await expect(page.getByTestId('selected-count')).toHaveText('0 selected');
    expect(pageProblems.cspViolations, pageProblems.summary()).toEqual([]);

    // Sign in as them: Google Authenticator set-up first (code from the secret shown), then the Support menu.
    await page.evaluate(() => window.localStorage.clear());
    await page.goto('/admin/login');
    await submitCredentials(page, { username, password });
    await expect(page.getByRole('heading', { name: 'Set up Google Authenticator' })).toBeVisible();
    const secret = (await page.getByTestId('ga-secret').textContent())?.trim() ?? '';
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Code', { exact: true }).fill(await freshTotp(secret));
    await expect(page).toHaveURL(/\/$/);
    await expect(menuLinks(page)).toHaveText([
      'Dashboard',
      'History',
      'User Management',
      'Exchange',
      'My Wallet',
      'Security',
      'Members',
      'Approvals', // ADMIN_EDIT_USER is a key of an action the approval policy may cover
    ]);
    // Support may edit users but not create them or change members.
    await (await menuEntry(page, 'Members')).click();
    await expect(rows(page).first()).toBeVisible();
    await expect(page.getByRole('button', { name: `Edit ${email}` })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create Member' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Change role' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Remove Selected' })).toHaveCount(0);
  });

  test('edit a user in "User Information"; 2FA that is off cannot be switched on', async ({ page, request, server }) => {
    // support@ is staff: listed under Members, not among the customers of User Management.
    await openAsDemo(page, request, server, '/members');
    await page.getByRole('searchbox', { name: 'Search members' }).fill('support@');
    await expect(rows(page)).toHaveCount(1);
    await page.getByRole('button', { name: /^Edit support@/ }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('User Information')).toBeVisible();
    await expect(dialog.getByRole('combobox', { name: 'SMS 2FA' })).toBeDisabled();
    await expect(dialog.getByRole('combobox', { name: 'Google Authenticator' })).toBeEnabled();
    await dialog.getByLabel('Phone Number').fill('+1 555 0100');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('User Has Been Edited')).toBeVisible();
    await expect(dialog).toBeHidden();

    const reply = await request.get('/api/admin/users?q=support%40&role=ROLE_ADMIN&maxPerPage=1', { headers: { Authorization: `Bearer ${token}` } });
    const { users } = (await reply.json()) as { users: { phone_number: string | null; isGoogleAuthenticatorEnabled: boolean }[] };
    expect(users[0]?.phone_number).toBe('+1 555 0100');
    expect(users[0]?.isGoogleAuthenticatorEnabled).toBe(true);
  });

  test('user management: 100 per page, page 2, and a size change goes back to page 1', async ({ page, request, server }) => {
    await openAsDemo(page, request, server, '/usermanagement');
    const pager = page.getByTestId('list-pager');
    await expect(rows(page)).toHaveCount(25);
    const total = Number((await pager.getByText(/\d+ records/).textContent())?.match(/\d+/)?.[0]);
    expect(total).toBeGreaterThan(300);
    await expect(pager.getByRole('button', { name: /^Page \d+$/ })).toHaveCount(10); // 300+ records: 13 pages

    // Page 3 at 25 per page, then 100 per page: back to page 1.
    await pager.getByRole('button', { name: 'Page 3', exact: true }).click();
    await expect(activePage(page)).toHaveText('3');
    const sizeChange = page.waitForRequest((r) => /\/api\/admin\/users\?/.test(r.url()) && r.url().includes('maxPerPage=100'));
    await chooseOption(page, pager.getByRole('combobox', { name: 'Page size' }), 'View 100 Per Page');
    expect(new URL((await sizeChange).url()).searchParams.get('page')).toBe('1');
    await expect(rows(page)).toHaveCount(100);
    await expect(activePage(page)).toHaveText('1');
    await expect(pager.getByRole('combobox', { name: 'Page size' })).toBeVisible();

    // Page 2 at 100 per page: rows 101..200, none of page 1.
    const emails = page.locator('.ant-table-tbody tr.ant-table-row td:nth-child(3)'); // after the checkbox and the name
    const page1Emails = await emails.allTextContents();
    await pager.getByRole('button', { name: 'Page 2', exact: true }).click();
    await expect(activePage(page)).toHaveText('2');
    await expect(rows(page)).toHaveCount(100);
    await expect(rows(page).first()).not.toContainText(page1Emails[0]!);

    const reply = await request.get('/api/admin/users?page=2&maxPerPage=100&staff=false', { headers: { Authorization: `Bearer ${token}` } });
    const { users } = (await reply.json()) as { users: { email: string }[] };
    await expect(rows(page).first()).toContainText(users[0]!.email);
    await expect(rows(page).last()).toContainText(users[99]!.email);
    expect(page1Emails).not.toContain(users[0]!.email);
  });
});

test.describe('members and customers (issue 37)', () => {
  test('Create Member asks for the role; a short password shows at its field; the new member is not a customer', async ({
    page,
    request,
    server,
    pageProblems,
  }) => {
    const username = `rhea${Date.now().toString(36)}`;
    const email = `${username}@example.com`;
    await openAsDemo(page, request, server, '/members');
    await page.getByRole('button', { name: 'Create Member' }).click();
    const create = page.getByRole('dialog');
    await create.getByLabel('Display Name').fill('Rhea Role');
    await create.getByLabel('Username').fill(username);
    await create.getByLabel('Email').fill(email);
    await create.getByLabel('Password', { exact: true }).fill('short');
    await create.getByLabel('Confirm Password').fill('short');
    await chooseOption(page, create.getByLabel('Role'), 'Support');

    // The server refuses the password: its words stand under the password field, not in a banner.
    await create.getByRole('button', { name: 'Create' }).click();
    const passwordItem = create.locator('.ant-form-item').filter({ has: page.getByLabel('Password', { exact: true }) });
    await expect(passwordItem.locator('.ant-form-item-explain-error')).toHaveText(/8 characters/);
    await expect(create.getByRole('alert').filter({ hasText: /8 characters/ })).toHaveCount(0);
    await expect(create.locator('.ant-alert')).toHaveCount(0);

    await create.getByLabel('Password', { exact: true }).fill('S3cure-pass-9!');
    await create.getByLabel('Confirm Password').fill('S3cure-pass-9!');
    await create.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByText('User Has Been Created')).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search members' }).fill(username);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first().locator('td').nth(3)).toHaveText('Support'); // Roles (after the checkbox, name, email)

    // User Management lists customers: the new member is not among them. Its selection has one action: Copy emails.
    await page.goto('/usermanagement');
    await expect(rows(page).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Remove Selected' })).toHaveCount(0);
    const firstTwo = await rows(page).locator('td:nth-child(3)').evaluateAll((cells) => cells.slice(0, 2).map((c) => c.textContent));
    await rows(page).nth(0).getByRole('checkbox').check();
    await rows(page).nth(1).getByRole('checkbox').check();
    await expect(page.getByTestId('selected-count')).toHaveText('2 selected');
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('button', { name: 'Copy emails' }).click();
    await expect(page.getByText('Copied 2 emails.')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(firstTwo.join('\n'));
    await page.getByRole('searchbox', { name: 'Search users' }).fill(username);
    await expect(page.getByText('No users match these filters.')).toBeVisible();
    expect(pageProblems.cspViolations, pageProblems.summary()).toEqual([]);
  });

  test('User Management filters by status, 2FA and verified email on the server, kept in the URL', async ({ page, request, server }) => {
    await openAsDemo(page, request, server, '/usermanagement');
    await expect(rows(page).first()).toBeVisible();
    const filtered = page.waitForRequest((r) => /\/api\/admin\/users\?/.test(r.url()) && r.url().includes('enabled=false'));
    await chooseOption(page, page.getByRole('combobox', { name: 'Status' }), 'Inactive');
    await filtered;
    await expect(page).toHaveURL(/[?&]enabled=false/);
    await expect(rows(page).first()).toBeVisible();
    await expect(rows(page).locator('td:nth-child(6)')).toHaveText(Array(await rows(page).count()).fill('Inactive')); // Status (after the checkbox)

    await chooseOption(page, page.getByRole('combobox', { name: 'Email Verified' }), 'Email verified');
    await chooseOption(page, page.getByRole('combobox', { name: '2FA' }), '2FA off');
    await expect(page).toHaveURL(/email_verified=true/);
    await expect(page).toHaveURL(/second_factor=false/);
    const reply = await request.get('/api/admin/users?enabled=false&email_verified=true&second_factor=false&maxPerPage=100', {
      headers: { Authorization: `Bearer ${token}` },
    });
    const { total_items: total } = (await reply.json()) as { total_items: number };
    await expect(page.getByTestId('list-pager').getByText(new RegExp(`^${total} records?`))).toBeVisible();

    // A copied link opens the same view.
    await page.reload();
    await expect(page.locator('.member-list__filter')).toHaveText(['Inactive', '2FA off', 'Email verified']);
  });
});
