/**
 * Screenshots of the dashboard, History, Members and Promotion at 1280×720 and 1440×900, for a reviewer to look at
 * without running anything: `make screenshots` writes them to e2e/screenshots/.
 */
import path from 'node:path';
import { expect, test } from '../fixtures/server';
import { signInByApi, useToken } from '../fixtures/sign-in';

test.use({ serverOptions: { label: 'screenshots' } });

const OUT = path.join(__dirname, '..', 'screenshots');
const SCREENS: [string, string][] = [
  ['dashboard', '/'],
  ['history', '/history'],
  ['members', '/members'],
  ['promotion', '/promotion'],
];

for (const [width, height] of [
  [1280, 720],
  [1440, 900],
]) {
  test(`the main screens at ${width}×${height}`, async ({ page, request, server }) => {
    await page.setViewportSize({ width, height });
    await page.goto('/admin/login');
    await useToken(page, await signInByApi(request, server.login('demo')));
    for (const [name, route] of SCREENS) {
      await page.goto(route);
      await expect(page.locator('#page-title')).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
      await page.screenshot({ path: path.join(OUT, `${name}-${width}x${height}.png`) });
    }
  });
}
