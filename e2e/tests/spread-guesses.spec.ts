import { expect, test } from '../fixtures/server';
import { CAPTCHA_BOUND_MS, solveCaptcha, solveChallenge, submitCredentials, type CaptchaChallenge } from '../fixtures/sign-in';
import { freshTotp } from '../fixtures/totp';
import { TEST_BOUND_MS } from '../fixtures/bounds';

// A server of its own that trusts loopback as its proxy, so the guesses below can come "from" several addresses
// (X-Forwarded-For) while the browser, which sends no such header, is the owner at 127.0.0.1.
test.use({ serverOptions: { label: 'spread-guesses', extraArgs: ['--trusted-proxies', '127.0.0.1/32'] } });

/** The account-wide limit (decision 0003): past it, the account's sign-in needs the longer captcha. */
const ACCOUNT_LIMIT = 20;
/** Wrong passwords one (account, address) pair may send before that pair is locked. */
const PAIR_LIMIT = 5;

test('guesses spread over many addresses: the owner solves the longer check and still gets in', async ({
  page,
  request,
  server,
}) => {
  // The costly check alone may take up to its bound (fixtures/sign-in.ts); the rest has any test's bound.
  test.setTimeout(CAPTCHA_BOUND_MS.high + TEST_BOUND_MS);
  const owner = server.login('compliance');
  for (let i = 0; i < ACCOUNT_LIMIT; i += 1) {
    const from = `198.51.100.${1 + Math.floor(i / PAIR_LIMIT)}`;
    const challenge = (await (await request.get('/api/captcha', { headers: { 'X-Forwarded-For': from } })).json()) as CaptchaChallenge;
    const res = await request.post('/api/login', {
      headers: { 'X-Forwarded-For': from },
      data: { username: owner.username, password: `guess-${i}`, captcha_token: solveChallenge(challenge) },
    });
    expect(res.status(), `guess ${i + 1}: ${await res.text()}`).toBe(401);
  }

  await page.goto('/admin/login');
  await submitCredentials(page, owner);
  await expect(page.getByText('Many sign-ins to this account have failed lately: solve the longer check, then sign in again.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toHaveCount(0);

  const costly = page.waitForResponse((res) => res.url().endsWith('/api/captcha?cost=high'));
  await solveCaptcha(page, 'high');
  expect(((await (await costly).json()) as CaptchaChallenge).maxnumber).toBe(1_000_000);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.getByLabel('Code', { exact: true }).fill(await freshTotp(owner.totpSecret));
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
});
