import { expect, test } from '../fixtures/server';

test.describe('foundation', () => {
  test('demo start prints the credentials block of the contract', async ({ server }) => {
    // localhost, where passkeys work, though it listens on 127.0.0.1.
    expect(server.creds.signInURL).toBe(`http://localhost:${server.port}/admin/login`);
    expect(server.creds.username).toBe('demo');
    expect(server.creds.password.length).toBeGreaterThanOrEqual(8);
    expect(server.creds.totpSecret.replace(/=+$/, '')).toMatch(/^[A-Z2-7]{16,}$/);
  });

  test('GET /healthz reports ok', async ({ request }) => {
    const res = await request.get('/healthz');
    expect(res.status()).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok', database: 'ok' });
  });

  test('sign-in page renders the title and the server status', async ({ page }) => {
    await page.goto('/admin/login');
    await expect(page.getByText('Xapa Back Office').first()).toBeVisible();
    await expect(page.getByText('Server: ok')).toBeVisible();
  });

  test('SPA fallback: a deep link returns the app', async ({ request }) => {
    const res = await request.get('/history/some/deep/path');
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toMatch(/^text\/html/);
    expect(await res.text()).toMatch(/<html/i);
  });

  test('unknown /api path answers JSON 404', async ({ request }) => {
    const res = await request.get('/api/nope');
    expect(res.status()).toBe(404);
    expect(res.headers()['content-type']).toMatch(/^application\/json/);
    const body = await res.json();
    expect(body).toMatchObject({ code: 404 });
    expect(typeof body.message).toBe('string');
  });

  for (const path of ['/', '/admin/login']) {
    test(`security headers on ${path}`, async ({ request }) => {
      const res = await request.get(path);
      expect(res.status()).toBe(200);
      const h = res.headers();
      const csp = h['content-security-policy'];
      expect(csp, 'content-security-policy header').toBeTruthy();
      expect(csp).not.toContain("'unsafe-inline'");
      expect(h['x-content-type-options']).toBe('nosniff');
      expect(h['referrer-policy'], 'referrer-policy header').toBeTruthy();
    });
  }

  test('sign-in page loads without CSP violations or console errors', async ({ page, pageProblems }) => {
    await page.goto('/admin/login');
    await expect(page.getByText('Server: ok')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(pageProblems.cspViolations, pageProblems.summary()).toEqual([]);
    expect(pageProblems.consoleErrors, pageProblems.summary()).toEqual([]);
    expect(pageProblems.pageErrors, pageProblems.summary()).toEqual([]);
  });
});
