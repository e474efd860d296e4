/**
 * Step-up in the browser: a role edit on a session whose second factor is older than the window (5 minutes) is
 * refused with 403 naming `step_up`; the app asks for a code in a modal, steps up and saves the edit. A wrong code
 * is said under the field and saves nothing; Cancel or Esc saves nothing either, and the editor says so.
 *
 * A session past its window without waiting 5 minutes: `backoffice admin token --stepped-up=false` opens one that
 * has not stepped up, which the server treats exactly as one whose window has passed.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { seriousViolations } from '../fixtures/axe';
import { expect, test } from '../fixtures/server';
import type { BackofficeServer } from '../fixtures/server';
import { signInByApi, useToken } from '../fixtures/sign-in';
import { freshTotp, totp } from '../fixtures/totp';

// A server of its own: these tests edit a role and use the demo's authenticator codes.
test.use({ serverOptions: { label: 'stepup' } });

const PROMPT = "Confirm it's you";
const CANCELLED = 'Nothing was changed: this needs a code from your authenticator app.';

interface Role {
  id: number;
  role: string;
  description: string;
}

/** A full session of the demo administrator that has not stepped up (as one whose 5 minutes have passed). */
async function staleToken(server: BackofficeServer): Promise<string> {
  const { stdout } = await server.runCli(['admin', 'token', '--username', server.creds.username, '--stepped-up=false']);
  return stdout.trim();
}

async function role(request: APIRequestContext, token: string, name: string): Promise<Role> {
  const reply = await request.get('/api/admin/roles?page=1&maxPerPage=100', { headers: { Authorization: `Bearer ${token}` } });
  expect(reply.status()).toBe(200);
  const { roles } = (await reply.json()) as { roles: Role[] };
  const found = roles.find((r) => r.role === name);
  expect(found, `role ${name}`).toBeDefined();
  return found!;
}

/** Opens /roles with `token`, then the Support role's editor with a new description typed in. */
async function editSupport(page: Page, token: string, description: string) {
  await page.goto('/admin/login');
  await useToken(page, token);
  await page.goto('/roles');
  await page.getByRole('button', { name: 'Modify Support' }).click();
  const editor = page.getByRole('dialog').filter({ hasText: 'Modify Permissions' });
  await expect(editor.getByLabel("Role's Display Name")).toHaveValue('Support');
  await editor.getByLabel('Description').fill(description);
  return editor;
}

/** A 6-digit code that is none of the authenticator's current ones (the server takes a step either side). */
function wrongCode(secret: string): string {
  const near = new Set([-1, 0, 1, 2].map((offset) => totp(secret, { stepOffset: offset })));
  for (let offset = 40; ; offset += 1) {
    const code = totp(secret, { stepOffset: offset });
    if (!near.has(code)) return code;
  }
}

test.describe('step-up', () => {
  test('a role edit past the window asks for the code; a wrong one is said, the right one saves the edit', async ({
    page,
    request,
    server,
    pageProblems,
  }) => {
    const token = await staleToken(server);
    const before = await role(request, token, 'Support');
    const description = `Help desk ${Date.now().toString(36)}`;
    const editor = await editSupport(page, token, description);
    await editor.getByRole('button', { name: 'Modify Role' }).click();

    const prompt = page.getByRole('dialog', { name: PROMPT });
    await expect(prompt).toBeVisible();
    const code = prompt.getByLabel('Authenticator code');
    await expect(code).toBeFocused();
    await expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(await seriousViolations(page)).toEqual([]);

    // A wrong code: said under the field (sent by itself at the sixth digit), nothing saved.
    await code.fill(wrongCode(server.creds.totpSecret));
    await expect(prompt.getByRole('alert')).toContainText('That code is not valid');
    await expect(code).toHaveAttribute('aria-invalid', 'true');
    await expect(code).toBeFocused();
    expect((await role(request, token, 'Support')).description).toBe(before.description);

    // The right one: the session steps up, the edit goes again and is saved.
    await code.fill(await freshTotp(server.creds.totpSecret));
    await expect(prompt).toBeHidden();
    await expect(page.getByText('Role Modifyed Successfully')).toBeVisible();
    await expect(editor).toBeHidden();
    expect((await role(request, token, 'Support')).description).toBe(description);

    // Both are in the audit log.
    const audit = await request.get('/api/admin/audit?action=session.&maxPerPage=25', { headers: { Authorization: `Bearer ${token}` } });
    const actions = ((await audit.json()) as { audit: { action: string }[] }).audit.map((row) => row.action);
    expect(actions).toEqual(expect.arrayContaining(['session.step_up', 'session.step_up_failure']));
    expect(pageProblems.cspViolations, pageProblems.summary()).toEqual([]);
    expect(pageProblems.pageErrors, pageProblems.summary()).toEqual([]);
  });

  test('Esc or Cancel saves nothing, and the editor says so', async ({ page, request, server }) => {
    const token = await staleToken(server);
    const before = await role(request, token, 'Support');
    const editor = await editSupport(page, token, `Never saved ${Date.now().toString(36)}`);
    const prompt = page.getByRole('dialog', { name: PROMPT });

    await editor.getByRole('button', { name: 'Modify Role' }).click();
    await expect(prompt.getByLabel('Authenticator code')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(prompt).toBeHidden();
    await expect(editor.getByRole('alert')).toContainText(CANCELLED);
    await expect(editor).toBeVisible();

    await editor.getByRole('button', { name: 'Modify Role' }).click();
    await expect(prompt).toBeVisible();
    await prompt.getByRole('button', { name: 'Cancel' }).click();
    await expect(prompt).toBeHidden();
    await expect(editor.getByRole('alert')).toContainText(CANCELLED);
    expect((await role(request, token, 'Support')).description).toBe(before.description);
  });

  test('a recovery code steps up too', async ({ page, request, server }) => {
    // Recovery codes are made on a session that stepped up (a sign-in's).
    const signedIn = await signInByApi(request, server.creds);
    const made = await request.post('/api/user/recovery-codes', { headers: { Authorization: `Bearer ${signedIn}` } });
    expect(made.status(), await made.text()).toBe(200);
    const { codes } = (await made.json()) as { codes: string[] };

    const token = await staleToken(server);
    const description = `Recovered ${Date.now().toString(36)}`;
    const editor = await editSupport(page, token, description);
    await editor.getByRole('button', { name: 'Modify Role' }).click();
    const prompt = page.getByRole('dialog', { name: PROMPT });
    await prompt.getByRole('button', { name: 'Use a recovery code' }).click();
    const field = prompt.getByLabel('Recovery code');
    await expect(field).toBeFocused();
    // Typed without dashes, in lower case: shown as XXXX-XXXX-XXXX-XXXX; Enter confirms.
    await field.pressSequentially(codes[0].replace(/-/g, '').toLowerCase());
    await expect(field).toHaveValue(codes[0]);
    await field.press('Enter');
    await expect(prompt).toBeHidden();
    await expect(page.getByText('Role Modifyed Successfully')).toBeVisible();
    expect((await role(request, token, 'Support')).description).toBe(description);
  });
});
