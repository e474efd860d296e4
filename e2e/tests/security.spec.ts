/**
 * Security (/security) and the staff sessions console (/sessions, ADMIN_SESSIONS): a password changed on the page
 * signs in (the old one no longer does) and signs the other sessions out; one's own sessions list tags this device
 * and revokes another one after a confirmation; an administrator has the Sessions screen under Settings and revokes a
 * colleague's session there, while a staff member without ADMIN_SESSIONS has no menu entry and gets Access Denied.
 * Recovery codes made on the page sign in once each in place of the authenticator code. Both screens pass axe-core
 * with no critical or serious violation.
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { seriousViolations } from '../fixtures/axe';
import { menuEntry, menuGroups, menuLinks } from '../fixtures/menu';
import { expect, test } from '../fixtures/server';
import type { StaffLogin } from '../fixtures/server';
import { signInByApi, signInThroughPage, submitCredentials, useToken } from '../fixtures/sign-in';
import { freshTotp } from '../fixtures/totp';
import { boundWithTotpWaits } from '../fixtures/bounds';

// A server of its own: a password changes here, and sessions are ended.
test.use({ serverOptions: { label: 'security' } });
// Each sign-in waits for a fresh TOTP code (up to 30 s), and a test signs in two or three times.
test.describe.configure({ timeout: boundWithTotpWaits(3) });

/** GET /api/user's status with `token`: 200 while its session lives, 401 once it has ended. */
async function userStatus(request: APIRequestContext, token: string): Promise<number> {
  return (await request.get('/api/user', { headers: { Authorization: `Bearer ${token}` } })).status();
}

/** Opens `path` signed in with `token`. */
async function openWith(page: Page, token: string, path: string): Promise<void> {
  await page.goto('/admin/login');
  await useToken(page, token);
  await page.goto(path);
}

/** The critical and serious axe-core violations of the page once its spinners are gone. */
async function settledViolations(page: Page): Promise<string[]> {
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
  return seriousViolations(page);
}

const yourSessions = (page: Page) => page.getByRole('region', { name: 'Your sessions' });
const sessionRows = (scope: Locator) => scope.locator('.ant-table-tbody tr[data-row-key]');

/** Confirms the open Popconfirm with its `button`. */
async function confirm(page: Page, button: string): Promise<void> {
  await page.getByRole('tooltip').getByRole('button', { name: button, exact: true }).click();
}

test('a changed password signs in, the old one no longer does, and the other sessions are signed out', async ({
  page,
  server,
  request,
  pageProblems,
}) => {
  const finance = server.login('finance');
  const newPassword = `Changed-${Date.now().toString(36)}-pw`;
  // Another device of the same staff member, and this browser.
  const other = await signInByApi(request, finance);
  await signInThroughPage(page, finance);

  await (await menuEntry(page, 'Security')).click();
  await expect(page.getByRole('heading', { name: 'Security', level: 1 })).toBeVisible();
  await expect(sessionRows(yourSessions(page))).toHaveCount(2);
  await expect(yourSessions(page).getByText('This session')).toHaveCount(1);

  const form = page.getByRole('region', { name: 'Change password' });
  await form.getByLabel('Current password').fill(finance.password);
  await form.getByLabel('New password', { exact: true }).fill(newPassword);
  await form.getByLabel('Confirm new password').fill(newPassword);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByText('Your password has been changed. Every other session of yours was signed out; this one stays signed in.')).toBeVisible();

  // This session stays; the other one has ended, and the list shows only this device.
  await expect(sessionRows(yourSessions(page))).toHaveCount(1);
  await expect(yourSessions(page).getByText('This session')).toBeVisible();
  expect(await userStatus(request, other)).toBe(401);

  // Sign out, then: the old password is refused, the new one signs in.
  await page.getByRole('button', { name: /^Account menu of / }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await submitCredentials(page, finance);
  await expect(page.getByText('Invalid credentials.')).toBeVisible();

  await page.goto('/admin/login');
  await submitCredentials(page, { username: finance.username, password: newPassword });
  await page.getByLabel('Code', { exact: true }).fill(await freshTotp(finance.totpSecret));
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  expect(pageProblems.cspViolations, pageProblems.summary()).toEqual([]);
});

test('own sessions: this device is tagged, another one is revoked after a confirmation; no axe violations', async ({
  page,
  server,
  request,
}) => {
  const compliance: StaffLogin = server.login('compliance');
  const other = await signInByApi(request, compliance);
  const mine = await signInByApi(request, compliance);
  await openWith(page, mine, '/security');
  await expect(page.getByRole('heading', { name: 'Security', level: 1 })).toBeVisible();

  const sessions = yourSessions(page);
  await expect(sessionRows(sessions)).toHaveCount(2);
  const current = sessionRows(sessions).filter({ hasText: 'This session' });
  await expect(current).toHaveCount(1);
  await expect(current.getByRole('button', { name: /^Revoke/ })).toHaveCount(0);
  // The browser's user agent is the device; it signed in from this machine.
  await expect(current).toContainText('Web');
  await expect(current).toContainText('127.0.0.1');

  // The SMS and identity sections are there, switched off, and say why.
  for (const name of ['SMS two-step verification', 'Identity']) {
    const card = page.getByRole('region', { name: `${name} (not available for staff accounts)` });
    await expect(card.getByText('Not available for staff accounts')).toBeVisible();
    for (const button of await card.getByRole('button').all()) await expect(button).toBeDisabled();
  }
  expect(await settledViolations(page)).toEqual([]);

  // Cancel keeps the session; Revoke ends it and the row goes.
  const otherRow = sessionRows(sessions).filter({ hasNotText: 'This session' });
  await otherRow.getByRole('button', { name: /^Revoke/ }).click();
  await expect(page.getByRole('tooltip').getByText('Revoke this session?')).toBeVisible();
  await confirm(page, 'Cancel');
  expect(await userStatus(request, other)).toBe(200);

  await otherRow.getByRole('button', { name: /^Revoke/ }).click();
  await confirm(page, 'Revoke');
  await expect(page.getByText('The session has been signed out.')).toBeVisible();
  await expect(sessionRows(sessions)).toHaveCount(1);
  await expect(sessionRows(sessions).first()).toContainText('This session');
  expect(await userStatus(request, other)).toBe(401);
  expect(await userStatus(request, mine)).toBe(200);

  // With no other device left, signing out the others ends none.
  await page.getByRole('button', { name: 'Sign out all other sessions' }).click();
  await confirm(page, 'Sign out others');
  await expect(page.getByText('No other session was signed in.')).toBeVisible();
  expect(await userStatus(request, mine)).toBe(200);
});

test('the Sessions screen: support has no entry and gets Access Denied; an administrator revokes a session there', async ({
  page,
  server,
  request,
}) => {
  const support = await signInByApi(request, server.login('support'));
  const menu = page.getByRole('navigation', { name: 'Main menu' });

  // Support (no ADMIN_SESSIONS): no menu entry, Access Denied at a typed /sessions, and the API refuses too.
  await openWith(page, support, '/');
  await expect(menuLinks(page).filter({ hasText: 'Members' })).toHaveCount(1);
  await expect(menuLinks(page).filter({ hasText: 'Sessions' })).toHaveCount(0);
  await page.goto('/sessions');
  await expect(page.getByText('Access Denied')).toBeVisible();
  await expect(page.getByText('You do not have permission to open Sessions.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sessions', level: 1 })).toHaveCount(0);
  await expect(menu).toBeVisible();
  expect((await request.get('/api/admin/sessions', { headers: { Authorization: `Bearer ${support}` } })).status()).toBe(403);

  // The demo administrator: Sessions under Settings, after Audit Log (and before Approvals and Integration).
  const admin = await signInByApi(request, server.creds);
  await page.evaluate(() => window.localStorage.clear());
  await openWith(page, admin, '/');
  await expect.poll(async () => (await menuGroups(page)).Settings?.slice(-4)).toEqual(['Audit Log', 'Sessions', 'Approvals', 'Integration']);
  await (await menuEntry(page, 'Sessions')).click();
  await expect(page).toHaveURL(/\/sessions$/);
  await expect(page.getByRole('heading', { name: 'Sessions', level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toHaveText(/Home.*Settings.*Sessions/);
  const rows = page.locator('.ant-table-tbody tr[data-row-key]');
  await expect(rows.first()).toBeVisible();
  expect(await settledViolations(page)).toEqual([]);

  // Filter on support's sessions (the list call carries user=support), then revoke the one signed in above.
  const filtered = page.waitForResponse((r) => r.url().includes('/api/admin/sessions?') && new URL(r.url()).searchParams.get('user') === 'support');
  await page.getByRole('searchbox', { name: 'User' }).fill('support');
  const reply = (await (await filtered).json()) as { sessions: { id: number; user: { email: string } }[] };
  expect(reply.sessions.length).toBeGreaterThan(0);
  await expect(page).toHaveURL(/\/sessions\?user=support$/);
  await expect(rows).toHaveCount(reply.sessions.length);
  const supportEmail = reply.sessions[0].user.email;
  for (const s of reply.sessions) expect(s.user.email).toBe(supportEmail);

  for (let left = reply.sessions.length; left > 0; left -= 1) {
    await rows.first().getByRole('button', { name: /^Revoke/ }).click();
    await expect(page.getByRole('tooltip').getByText(`Revoke ${supportEmail}'s session?`)).toBeVisible();
    await confirm(page, 'Revoke');
    await expect(rows).toHaveCount(left - 1);
  }
  await expect(page.getByText('No signed-in staff sessions')).toBeVisible();
  expect(await userStatus(request, support)).toBe(401);
  expect(await userStatus(request, admin)).toBe(200);
});

test('recovery codes: made on the Security page, one signs in in place of the authenticator code, once', async ({
  page,
  server,
  pageProblems,
}) => {
  const support = server.login('support');
  await signInThroughPage(page, support);
  await page.goto('/security');
  const card = page.getByRole('region', { name: 'Recovery codes' });
  await expect(card.getByText('You have no recovery codes.')).toBeVisible();
  await card.getByRole('button', { name: 'Make recovery codes' }).click();
  await confirm(page, 'Make new codes');
  const list = card.getByRole('list', { name: 'Your new recovery codes' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const codes = (await list.getByRole('listitem').allTextContents()).map((c) => c.trim());
  expect(codes[0]).toMatch(/^[A-Z0-9]{4}(-[A-Z0-9]{4}){3}$/);
  await expect(card.getByText('10 unused recovery codes left.')).toBeVisible();
  expect(await settledViolations(page)).toEqual([]);

  // Sign out, then in with a recovery code; the same code a second time is refused.
  const signInWith = async (code: string) => {
    await page.goto('/admin/login');
    await submitCredentials(page, support);
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByLabel('Recovery code').fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
  };
  await page.getByRole('button', { name: /^Account menu of / }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await signInWith(codes[0]!);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await page.goto('/security');
  await expect(page.getByRole('region', { name: 'Recovery codes' }).getByText('9 unused recovery codes left.')).toBeVisible();
  await page.getByRole('button', { name: /^Account menu of / }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  // Logging out navigates to the sign-in page: going there before it lands aborts one of the two navigations.
  await expect(page).toHaveURL(/\/admin\/login$/);
  await signInWith(codes[0]!);
  await expect(page.getByText('That recovery code is not valid, or was used already.')).toBeVisible();
  expect(pageProblems.cspViolations, pageProblems.summary()).toEqual([]);
});

test("the Sessions screen marks the caller's own session and names each browser in words, the whole user agent in a tooltip", async ({
  page,
  server,
}) => {
  await page.goto('/admin/login');
  // Signed in through the page's own context: the session holds this browser's user agent.
  const admin = await signInByApi(page.request, server.creds);
  const agent = await page.evaluate(() => navigator.userAgent);
  await useToken(page, admin);
  const listed = page.waitForResponse((r) => r.url().includes('/api/admin/sessions?'));
  await page.goto('/sessions');
  const reply = (await (await listed).json()) as { sessions: { id: number; current: boolean }[]; total_items: number };
  const mine = reply.sessions.filter((s) => s.current);
  expect(mine).toHaveLength(1);
  const row = page.locator(`.ant-table-tbody tr[data-row-key="${mine[0].id}"]`);
  await expect(row.getByText('This session', { exact: true })).toBeVisible();
  await expect(page.getByText('This session', { exact: true })).toHaveCount(1);
  const major = /HeadlessChrome\/(\d+)/.exec(agent)?.[1] ?? /Chrome\/(\d+)/.exec(agent)?.[1];
  const words = row.locator('[data-user-agent]');
  await expect(words).toHaveText(new RegExp(`^(Headless )?Chrome ${major} on Linux$`));
  await words.hover();
  await expect(page.getByRole('tooltip').filter({ hasText: agent })).toBeVisible();
  const count = reply.total_items === 1 ? '1 record' : `${reply.total_items} records`;
  await expect(page.getByTestId('list-pager').getByText(count, { exact: true })).toBeVisible();
});
