/**
 * Passkeys, end to end in Chromium with its virtual authenticator (DevTools protocol `WebAuthn.addVirtualAuthenticator`,
 * a platform authenticator that verifies the user and answers at once): a passkey added on the Security page signs
 * in at the code step in place of the authenticator code, and confirms a sensitive change at the step-up prompt; an
 * account without a passkey is told so at the code step. The page runs at http://localhost:PORT: browsers refuse
 * passkeys on an IP address, and the server's relying party for a loopback address is localhost.
 */
import type { CDPSession, Page } from '@playwright/test';
import { seriousViolations } from '../fixtures/axe';
import { expect, test } from '../fixtures/server';
import type { BackofficeServer, StaffLogin } from '../fixtures/server';
import { submitCredentials, useToken } from '../fixtures/sign-in';
import { freshTotp } from '../fixtures/totp';
import { boundWithTotpWaits } from '../fixtures/bounds';

// A server of its own: passkeys are added and removed, and a staff member signs in several times.
test.use({ serverOptions: { label: 'passkeys' } });
// A sign-in by code waits for a fresh TOTP step (up to 30 s).
test.describe.configure({ timeout: boundWithTotpWaits(2) });

/** The app's origin under the name passkeys accept. */
const origin = (server: BackofficeServer) => `http://localhost:${server.port}`;

interface VirtualAuthenticator {
  /** The credentials the authenticator holds, with their signature counters. */
  credentials(): Promise<{ credentialId: string; signCount: number }[]>;
}

/** Gives the page a virtual platform authenticator: it verifies the user and answers without a prompt. */
async function addVirtualAuthenticator(page: Page): Promise<VirtualAuthenticator> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  };
}

/** Username, password and captcha on the localhost origin's sign-in page: the code step shows. */
async function toCodeStep(page: Page, server: BackofficeServer, login: StaffLogin): Promise<void> {
  await page.goto(`${origin(server)}/admin/login`);
  await submitCredentials(page, login);
  await expect(page.getByLabel('Code', { exact: true })).toBeVisible();
}

const passkeysCard = (page: Page) => page.getByRole('region', { name: 'Passkeys' });

test('a passkey added on the Security page signs in in place of the code, and confirms a step-up', async ({
  page,
  server,
  pageProblems,
}) => {
  const finance = server.login('finance');
  const authenticator = await addVirtualAuthenticator(page);

  // Signed in by code (a fresh second factor): adding a passkey asks for nothing more.
  await toCodeStep(page, server, finance);
  await page.getByLabel('Code', { exact: true }).fill(await freshTotp(finance.totpSecret));
  await expect(page).toHaveURL(`${origin(server)}/`);
  await page.goto(`${origin(server)}/security`);
  const card = passkeysCard(page);
  await expect(card.getByText('No passkeys yet.')).toBeVisible();
  await card.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(card.getByText('Give the passkey a name, such as the device it is on.')).toBeVisible();
  await card.getByLabel('Passkey name').fill('Chromium key');
  await card.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page.getByText('Passkey added. You can use it to sign in and to confirm changes.')).toBeVisible();
  await expect(card.getByText('Chromium key')).toBeVisible();
  await expect(card.getByText(/never used$/)).toBeVisible();
  expect(await authenticator.credentials()).toHaveLength(1);

  expect(await seriousViolations(page, '[aria-label="Passkeys"]')).toEqual([]);

  // A new sign-in: the passkey in place of the code.
  await page.evaluate(() => window.localStorage.clear());
  await toCodeStep(page, server, finance);
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page).toHaveURL(`${origin(server)}/`);
  await page.goto(`${origin(server)}/security`);
  await expect(card.getByText(/, last used \d{2}/)).toBeVisible();
  expect((await authenticator.credentials())[0].signCount).toBeGreaterThan(0);

  // A session past its step-up window removes the passkey: the prompt offers the passkey, which confirms it.
  const { stdout } = await server.runCli(['admin', 'token', '--username', finance.username, '--stepped-up=false']);
  await useToken(page, stdout.trim());
  await page.goto(`${origin(server)}/security`);
  await card.getByRole('button', { name: 'Remove the passkey Chromium key' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Remove', exact: true }).click();
  const prompt = page.getByRole('dialog', { name: "Confirm it's you" });
  await expect(prompt).toBeVisible();
  await prompt.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(prompt).toHaveCount(0);
  await expect(page.getByText('Passkey removed.')).toBeVisible();
  await expect(card.getByText('No passkeys yet.')).toBeVisible();
  // The browser's prompt code is loaded on demand under the strict CSP, and nothing threw.
  expect(pageProblems.cspViolations, pageProblems.summary()).toEqual([]);
  expect(pageProblems.pageErrors, pageProblems.summary()).toEqual([]);
});

test('an account without a passkey is told so at the code step, and the code still signs in', async ({ page, server }) => {
  const support = server.login('support');
  await addVirtualAuthenticator(page);
  await toCodeStep(page, server, support);
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page.getByText('This account has no passkey. Enter the code from your authenticator app.')).toBeVisible();
  await page.getByLabel('Code', { exact: true }).fill(await freshTotp(support.totpSecret));
  await expect(page).toHaveURL(`${origin(server)}/`);
});
