/**
 * Accessibility: every screen, and every dialog and drawer a screen opens, passes axe-core with no critical or
 * serious violation, for a user holding every key and for a restricted one.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { seriousViolations } from '../fixtures/axe';
import { STEP_BOUND_MS, TEST_BOUND_MS } from '../fixtures/bounds';
import { menuLinks } from '../fixtures/menu';
import { expect, test } from '../fixtures/server';
import type { BackofficeServer } from '../fixtures/server';
import { tokenFor, useToken } from '../fixtures/sign-in';

test.use({ serverOptions: { label: 'a11y' } });
// The scans change nothing: they may share out over the workers.
test.describe.configure({ mode: 'parallel' });

/**
 * The violations left once the screen has settled. On a busy machine a screen may still be drawing after the
 * network went quiet (a table's rows come a moment after its data): the scan is repeated until it finds none, within
 * the bound of one step, and what it found last is what fails the screen.
 */
async function settledViolations(page: Page): Promise<string[]> {
  let found: string[] = [];
  await expect(async () => {
    found = await seriousViolations(page);
    expect(found).toEqual([]);
  })
    .toPass()
    .catch(() => undefined);
  return found;
}

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
}

async function signIn(page: Page, request: APIRequestContext, server: BackofficeServer, username: string) {
  await page.goto('/admin/login');
  await useToken(page, await tokenFor(request, server, username));
}

test('the sign-in screens', async ({ page }) => {
  for (const path of ['/admin/login', '/login']) {
    await page.goto(path);
    await expect(page.getByTestId('captcha')).toBeVisible();
    await settle(page);
    expect(await settledViolations(page), path).toEqual([]);
  }
});

for (const username of ['demo', 'support']) {
  test(`every screen of the menu, as ${username}`, async ({ page, request, server }) => {
    await signIn(page, request, server, username);
    await page.goto('/');
    const links = menuLinks(page);
    await expect(links.first()).toBeVisible();
    const paths = await links.evaluateAll((as) => as.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
    const screens = [...paths, '/userprofile/12', '/no-such-page', '/roles'];
    // A hang's bound per screen (its load, and its scans until they settle), not one for the whole walk.
    test.setTimeout(TEST_BOUND_MS + 2 * STEP_BOUND_MS * screens.length);
    const problems: string[] = [];
    for (const path of screens) {
      await page.goto(path);
      await settle(page);
      problems.push(...(await settledViolations(page)).map((v) => `${path}: ${v}`));
    }
    expect(problems).toEqual([]);
  });
}

/** Each opens a dialog or a drawer on a screen. */
const OVERLAYS: { path: string; what: string; open: (page: Page) => Promise<void> }[] = [
  { path: '/members', what: 'Create Member', open: (p) => p.getByRole('button', { name: 'Create Member' }).click() },
  { path: '/usermanagement', what: 'Create User', open: (p) => p.getByRole('button', { name: 'Create User' }).click() },
  { path: '/usermanagement', what: 'Edit a user', open: (p) => p.getByRole('button', { name: /^Edit / }).first().click() },
  {
    path: '/members',
    what: 'Change role',
    open: async (p) => {
      await p.getByRole('checkbox', { name: /^Select / }).first().check();
      await p.getByRole('button', { name: 'Change role' }).click();
    },
  },
  { path: '/roles', what: 'Create New Role', open: (p) => p.getByRole('button', { name: 'Create New Role' }).click() },
  { path: '/tokens', what: 'Add Token', open: (p) => p.getByRole('button', { name: 'Add Token' }).click() },
  { path: '/tokens', what: 'Edit a token', open: (p) => p.getByRole('button', { name: /^Edit / }).first().click() },
];

test('every dialog and drawer, open', async ({ page, request, server }) => {
  await signIn(page, request, server, 'demo');
  const problems: string[] = [];
  for (const { path, what, open } of OVERLAYS) {
    await page.goto(path);
    await settle(page);
    await open(page);
    await expect(page.locator('.ant-modal-wrap:visible, .ant-drawer-open').first()).toBeVisible();
    await settle(page);
    problems.push(...(await settledViolations(page)).map((v) => `${path} + ${what}: ${v}`));
  }
  expect(problems).toEqual([]);
});
