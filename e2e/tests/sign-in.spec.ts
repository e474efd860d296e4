import { gzipSync } from 'node:zlib';
import { menuEntry, menuLinks } from '../fixtures/menu';
import { expect, test } from '../fixtures/server';
import { signInByApi, signInThroughPage, solveCaptcha, submitCredentials, useToken } from '../fixtures/sign-in';
import { freshTotp } from '../fixtures/totp';

// A server of its own: these tests sign in often, and the server allows one IP 20 sign-in calls a minute.
test.use({ serverOptions: { label: 'sign-in' } });

/** The sign-in page's JavaScript budget (gzipped), from web/README.md. */
const SIGN_IN_JS_BUDGET_KB = 150;

test.describe('sign-in', () => {
  test('the sign-in page with the captcha widget: no CSP violation, JavaScript within budget', async ({
    page,
    pageProblems,
  }, testInfo) => {
    const scripts = new Map<string, Promise<number>>();
    page.on('response', (res) => {
      const url = res.url();
      if (!/\.js(\?|$)/.test(url) || scripts.has(url)) return;
      scripts.set(url, res.body().then((body) => gzipSync(body, { level: 9 }).length).catch(() => 0));
    });

    await page.goto('/admin/login');
    await expect(page.getByLabel('Username')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Login', exact: true })).toHaveCount(0);
    await solveCaptcha(page);
    await page.waitForLoadState('networkidle');

    expect(pageProblems.cspViolations, pageProblems.summary()).toEqual([]);
    expect(pageProblems.consoleErrors, pageProblems.summary()).toEqual([]);
    expect(pageProblems.pageErrors, pageProblems.summary()).toEqual([]);

    // Everything the page ran, the captcha's proof-of-work worker included; all of it from 'self'.
    const origin = new URL(page.url()).origin;
    for (const url of scripts.keys()) expect(url.startsWith(`${origin}/assets/`), url).toBe(true);
    const kb = (await Promise.all(scripts.values())).reduce((a, b) => a + b, 0) / 1024;
    testInfo.annotations.push({ type: 'sign-in JS', description: `${kb.toFixed(1)} KB gzipped, ${scripts.size} files` });
    process.stdout.write(`E2E: the sign-in page ran ${scripts.size} JavaScript files, ${kb.toFixed(1)} KB gzipped\n`);
    expect(kb).toBeLessThanOrEqual(SIGN_IN_JS_BUDGET_KB);
    expect([...scripts.keys()].some((u) => /\/assets\/sha-[^/]+\.js/.test(u)), 'the PoW worker ran from /assets').toBe(true);
  });

  test('wrong credentials: "Invalid credentials.", and the captcha has to be solved again', async ({ page, server }) => {
    await page.goto('/admin/login');
    await submitCredentials(page, { username: 'nobody-here', password: server.creds.password });
    await expect(page.getByText('Invalid credentials.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Login', exact: true })).toHaveCount(0);
    await solveCaptcha(page); // a new challenge: the server accepts each one once
  });

  test('a new staff member signs in, sets up Google Authenticator, signs out, and signs in again with a code', async ({
    page,
    server,
    pageProblems,
  }) => {
    const username = `ann${Date.now().toString(36)}`;
    const password = 'S3cure-pass-9!';
    await server.runCli(['admin', 'create', '--username', username, '--email', `${username}@example.com`, '--password', password]);

    // First sign-in: Google Authenticator is off, so the set-up screen follows, whatever the route.
    await page.goto('/admin/login');
    await submitCredentials(page, { username, password });
    await expect(page.getByRole('heading', { name: 'Set up Google Authenticator' })).toBeVisible();
    await page.goto('/roles');
    await expect(page.getByRole('heading', { name: 'Set up Google Authenticator' })).toBeVisible();
    await expect(page.locator('.ant-qrcode svg')).toBeVisible();
    const secret = (await page.getByTestId('ga-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{16,}=*$/);

    const code = page.getByLabel('Code', { exact: true });
    await expect(code).toBeDisabled();
    await page.getByLabel('Password', { exact: true }).fill(password);
    // A wrong code first: "Invalid Code", and the field is cleared.
    const right = await freshTotp(secret);
    await code.fill(right === '000000' ? '111111' : '000000');
    await expect(page.getByText('Invalid Code', { exact: true })).toBeVisible();
    await expect(code).toHaveValue('');
    await expect(page.getByRole('button', { name: 'Verify' })).toBeEnabled();
    await code.fill(right); // sent by itself at the 6th digit
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(await menuEntry(page, 'Roles and Permissions')).toBeVisible();

    // Sign out from the top bar: the token is dropped and the page reloads to the sign-in page.
    await page.getByRole('button', { name: `Account menu of ${username}` }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    expect(await page.evaluate(() => window.localStorage.getItem('xapa.token'))).toBeNull();

    // Second sign-in: now with a code.
    await submitCredentials(page, { username, password });
    await expect(page.getByText('Two-step verification')).toBeVisible();
    await page.getByLabel('Code', { exact: true }).fill(await freshTotp(secret));
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    expect(pageProblems.cspViolations, pageProblems.summary()).toEqual([]);
  });

  test('a wrong code shows "invalid Code" and the right one still signs in', async ({ page, server }) => {
    const login = server.login('finance');
    await page.goto('/admin/login');
    await submitCredentials(page, login);
    const right = await freshTotp(login.totpSecret);
    await page.getByLabel('Code', { exact: true }).fill(right === '000000' ? '111111' : '000000');
    await expect(page.getByText('invalid Code', { exact: true })).toBeVisible();
    // Verify is a live button again, not a pale one that reads as busy.
    const verify = page.getByRole('button', { name: 'Verify' });
    await expect(verify).toBeEnabled();
    await expect(verify).not.toHaveClass(/light-btn--loading/);
    await page.getByLabel('Code', { exact: true }).fill(right);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  });

  test('a customer sees Access Denied, and LogOut signs out', async ({ page, server }) => {
    const customer = server.creds.others.find((o) => o.role === 'no permissions');
    expect(customer, 'the demo prints a sign-in without permissions').toBeTruthy();
    await signInThroughPage(page, server.login(customer!.username));

    await expect(page.getByText('Access Denied')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toHaveCount(0);
    await page.goto('/history');
    await expect(page.getByText('Access Denied')).toBeVisible();

    await page.getByRole('button', { name: 'LogOut' }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByLabel('Username')).toBeVisible();
  });

  test('support sees only the menu entries its permissions allow, and Access Denied on a typed /roles', async ({
    page,
    server,
  }) => {
    await signInThroughPage(page, server.login('support'));
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(menu).toBeVisible();
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
    await expect(menu.getByText('Report', { exact: true })).toHaveCount(0);

    await page.goto('/roles');
    await expect(page.getByText('Access Denied')).toBeVisible();
    await expect(page.getByText('You do not have permission to open Roles and Permissions.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Roles and Permissions' })).toHaveCount(0);
    await expect(menu).toBeVisible(); // inside the shell

    await page.goto('/no/such/screen');
    await expect(page.locator('.ant-result-title', { hasText: 'Page not found' })).toBeVisible();
    await expect(menu).toBeVisible();
  });

  test('a signed-in user visiting /admin/login (or /login) lands on /', async ({ page, request, server }) => {
    const token = await signInByApi(request, server.login('compliance'));
    await page.goto('/admin/login');
    await useToken(page, token);

    await page.goto('/admin/login');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await page.goto('/login');
    await expect(page).toHaveURL(/\/$/);

    // A revoked token is dropped at the next start-up check.
    const logout = await request.post('/api/logout', { headers: { Authorization: `Bearer ${token}` } });
    expect(logout.status()).toBe(204);
    await page.goto('/history');
    await expect(page).toHaveURL(/\/admin\/login$/);
    expect(await page.evaluate(() => window.localStorage.getItem('xapa.token'))).toBeNull();
  });

  test('a toast closes by itself (page clock moved on 5 seconds)', async ({ page, server }) => {
    // The clock runs on its own until the test moves it; the exact duration is a unit test (AppProviders.test.tsx).
    await page.clock.install();
    const login = server.login(server.creds.username);
    await page.goto('/admin/login');
    await submitCredentials(page, login);
    await page.getByLabel('Code', { exact: true }).fill(await freshTotp(login.totpSecret));

    const toast = page.locator('.ant-message-notice').filter({ hasText: 'Signed in.' });
    await expect(toast).toBeVisible();
    await page.clock.fastForward(5_000);
    await expect(toast).toHaveCount(0);
  });
});
