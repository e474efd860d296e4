/**
 * Roles and Permissions (/roles): create and modify a role through the grouped permission editor, and the
 * delete confirmation (Cancel keeps the role, Yes deletes it, a role still held shows the server's 409 message),
 * and what a role editor holding fewer permissions may touch.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../fixtures/server';
import type { BackofficeServer } from '../fixtures/server';
import { ensureSteppedUp, sensitiveCall } from '../fixtures/step-up';
import { signInByApi, useToken } from '../fixtures/sign-in';

// A server of its own: these tests add, change and delete roles.
test.use({ serverOptions: { label: 'roles' } });

interface Role {
  id: number;
  role: string;
  description: string;
  permissions: string[];
}

let token = '';

async function openRoles(page: Page, request: APIRequestContext, server: BackofficeServer): Promise<void> {
  if (!token) token = await signInByApi(request, server.creds);
  await ensureSteppedUp(request, token, server.creds); // the page's role writes need a recent second factor
  await page.goto('/admin/login');
  await useToken(page, token);
  await page.goto('/roles');
  await expect(page.getByRole('heading', { name: 'Roles and Permissions', level: 1 })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Administrator', exact: true })).toBeVisible();
}

async function roleNamed(request: APIRequestContext, name: string): Promise<Role | undefined> {
  const reply = await request.get('/api/admin/roles?page=1&maxPerPage=100', { headers: { Authorization: `Bearer ${token}` } });
  const { roles } = (await reply.json()) as { roles: Role[] };
  return roles.find((r) => r.role === name);
}

/** The collapsible section of a permission category (its header reads "<category> (<ticked>/<all>)"). */
const section = (page: Page, category: string) => page.getByRole('dialog').getByRole('button', { name: new RegExp(`^${category} \\(`) });

test.describe('roles', () => {
  test('create a role, then modify it, through the grouped permission editor', async ({ page, request, server, pageProblems }) => {
    const name = `Auditors ${Date.now().toString(36)}`;
    await openRoles(page, request, server);

    await page.getByRole('button', { name: 'Create New Role' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Create New Role')).toBeVisible();
    const apply = dialog.getByRole('button', { name: 'Apply Role' });
    await dialog.getByLabel("Role's Display Name").fill('Au');
    await expect(apply).toBeDisabled();
    await dialog.getByLabel("Role's Display Name").fill(name);
    await expect(apply).toBeEnabled();
    await dialog.getByLabel('Description').fill('Reads the books');

    await expect(section(page, 'Users')).toHaveText('Users (0/5)');
    await section(page, 'Users').click();
    await dialog.getByRole('checkbox', { name: 'Select All Users' }).check();
    await expect(section(page, 'Users')).toHaveText('Users (5/5)');
    await section(page, 'Reports').click();
    await dialog.getByRole('checkbox', { name: /Bonus report/ }).check();
    await expect(dialog.getByRole('checkbox', { name: 'Select All Reports' })).not.toBeChecked();
    await apply.click();
    await expect(page.getByText('Role registered successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('cell', { name, exact: true })).toBeVisible();
    const created = await roleNamed(request, name);
    expect(created?.description).toBe('Reads the books');
    expect([...(created?.permissions ?? [])].sort()).toEqual([
      'ADMIN_ADD_USER_ROLE',
      'ADMIN_BONUS_REPORT',
      'ADMIN_CREATE_USER',
      'ADMIN_EDIT_USER',
      'ADMIN_REMOVE_USER_ROLE_ADMIN',
      'ADMIN_USERS_LIST',
    ]);

    // Modify: prefilled; untick the whole Users group, tick one Dashboard key, rename.
    await page.getByRole('button', { name: `Modify ${name}` }).click();
    const modify = page.getByRole('dialog');
    await expect(modify.getByText('Modify Permissions')).toBeVisible();
    await expect(modify.getByLabel("Role's Display Name")).toHaveValue(name);
    await expect(modify.getByLabel('Description')).toHaveValue('Reads the books');
    await expect(section(page, 'Users')).toHaveText('Users (5/5)');
    await section(page, 'Users').click();
    await modify.getByRole('checkbox', { name: 'Select All Users' }).uncheck();
    await section(page, 'Dashboard').click();
    await modify.getByRole('checkbox', { name: /Coin candle cards/ }).check();
    await modify.getByLabel("Role's Display Name").fill(`${name} 2`);
    await modify.getByRole('button', { name: 'Modify Role' }).click();
    await expect(page.getByText('Role Modifyed Successfully')).toBeVisible();
    await expect(page.getByRole('cell', { name: `${name} 2`, exact: true })).toBeVisible();
    const modified = await roleNamed(request, `${name} 2`);
    expect(modified?.id).toBe(created?.id);
    expect([...(modified?.permissions ?? [])].sort()).toEqual(['ADMIN_BONUS_REPORT', 'ADMIN_CANDLES']);
    expect(pageProblems.cspViolations, pageProblems.summary()).toEqual([]);
  });

  test('a refused role name shows the server\'s message', async ({ page, request, server }) => {
    await openRoles(page, request, server);
    await page.getByRole('button', { name: 'Create New Role' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel("Role's Display Name").fill('Support');
    await dialog.getByRole('button', { name: 'Apply Role' }).click();
    await expect(dialog.getByRole('alert')).toContainText('Support');
    await expect(dialog).toBeVisible();
  });

  test('delete: Cancel keeps the role, Yes deletes it, a held role shows the 409 message', async ({ page, request, server }) => {
    const name = `Temp ${Date.now().toString(36)}`;
    if (!token) token = await signInByApi(request, server.creds);
    const made = await sensitiveCall(request, token, server.creds, (headers) =>
      request.post('/api/admin/roles/new', { headers, data: { role: name, description: 'to delete', permissions: ['ADMIN_CANDLES'] } }),
    );
    expect(made.status()).toBe(201);
    await openRoles(page, request, server);
    const cell = page.getByRole('cell', { name, exact: true });
    await expect(cell).toBeVisible();

    await page.getByRole('button', { name: `Remove ${name}` }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: `Do you want to delete the role ${name}?` });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(cell).toBeVisible();
    expect(await roleNamed(request, name)).toBeDefined();

    await page.getByRole('button', { name: `Remove ${name}` }).click();
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByText('Role has been deleted')).toBeVisible();
    await expect(cell).toHaveCount(0);
    expect(await roleNamed(request, name)).toBeUndefined();

    // Support is held by the demo's support user: 409, shown as the server says it.
    await page.getByRole('button', { name: 'Remove Support' }).click();
    const held = page.getByRole('dialog').filter({ hasText: 'Do you want to delete the role Support?' });
    await held.getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByText(/The role Support is still held by \d+ staff member/)).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Support', exact: true })).toBeVisible();
  });

  test('a role editor lacking permissions sees them greyed, and cannot modify a role holding them', async ({ page, request, server }) => {
    // The Compliance role gains the role screens (not the dashboard's keys), so its holder may edit roles.
    if (!token) token = await signInByApi(request, server.creds);
    const compliance = await roleNamed(request, 'Compliance');
    expect(compliance).toBeDefined();
    const edited = await request.post(`/api/admin/roles/${compliance!.id}/edit`, {
      headers: { Authorization: `Bearer ${token}` },
      data: {
        role: 'Compliance',
        description: compliance!.description,
        permissions: [...compliance!.permissions, 'ADMIN_ROLES_LIST', 'ADMIN_CREATE_ROLE', 'ADMIN_EDIT_ROLE'],
      },
    });
    expect(edited.status()).toBe(200);
    const editor = await signInByApi(request, server.login('compliance'));
    await page.goto('/admin/login');
    await useToken(page, editor);
    await page.goto('/roles');
    await expect(page.getByRole('cell', { name: 'Administrator', exact: true })).toBeVisible();

    const modifyAdmin = page.getByRole('button', { name: 'Modify Administrator' });
    await expect(modifyAdmin).toBeDisabled();
    await expect(modifyAdmin).toHaveAttribute('title', /ADMIN_CANDLES/);
    await expect(page.getByRole('button', { name: 'Modify Compliance' })).toBeEnabled();

    await page.getByRole('button', { name: 'Create New Role' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText(/Greyed permissions are ones you do not hold/)).toBeVisible();
    await section(page, 'Dashboard').click();
    await expect(dialog.getByRole('checkbox', { name: /Coin candle cards/ })).toBeDisabled();
    // Select All ticks only what the editor holds: of the Dashboard's keys, the exchange figures.
    await dialog.getByRole('checkbox', { name: 'Select All Dashboard' }).check();
    await expect(section(page, 'Dashboard')).toHaveText('Dashboard (1/7)');
    await expect(dialog.getByRole('checkbox', { name: /Revenue by exchange/ })).toBeChecked();
    await expect(dialog.getByRole('checkbox', { name: /Coin candle cards/ })).not.toBeChecked();
  });
});
