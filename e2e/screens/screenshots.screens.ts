/**
 * Screenshots of every screen of the menu, and a customer's profile, at 1280×720 and 1440×900, for a reviewer to
 * look at without running anything: `make screenshots` writes them to e2e/screenshots/.
 */
import path from 'node:path';
import { expect, test } from '../fixtures/server';
import { signInByApi, useToken } from '../fixtures/sign-in';

test.use({ serverOptions: { label: 'screenshots' } });

const OUT = path.join(__dirname, '..', 'screenshots');

for (const [width, height] of [
  [1280, 720],
  [1440, 900],
]) {
  test(`every screen at ${width}×${height}`, async ({ page, request, server }) => {
    test.setTimeout(900_000); // about twenty screens, each loaded until its network is idle
    await page.setViewportSize({ width, height });
    const token = await signInByApi(request, server.login('demo'));
    await page.goto('/admin/login');
    await useToken(page, token);
    await page.goto('/');
    const links = page.getByRole('navigation', { name: 'Main menu' }).locator('a');
    await expect(links.first()).toBeVisible();
    const routes = await links.evaluateAll((as) => as.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
    const users = await request.get('/api/admin/users?page=1&maxPerPage=1', { headers: { Authorization: `Bearer ${token}` } });
    const [customer] = ((await users.json()) as { users: { id: number }[] }).users;
    routes.push(`/userprofile/${customer!.id}`);
    for (const route of routes) {
      await page.goto(route);
      await expect(page.locator('#page-title')).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
      const name = route === '/' ? 'dashboard' : route.slice(1).replace(/\/\d+$/, '');
      await page.screenshot({ path: path.join(OUT, `${name}-${width}x${height}.png`) });
    }
  });
}
