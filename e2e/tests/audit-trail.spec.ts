/**
 * The audit trail that proves itself, and the reads it records (issue 23), in the browser:
 * - the Audit Log screen says the trail is intact and which signed checkpoint holds; an entry changed in the
 *   database behind the app's back (its append-only triggers dropped, as an attacker holding the database file
 *   could) is named on Re-check, and `backoffice audit verify` exits 1 naming it;
 * - a checkpoint printed by `backoffice audit checkpoint` and kept in a file shows the newest entries deleted;
 * - a CSV download and the opening of a customer's profile are entries of their own, found under "Reads".
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { chooseOption } from '../fixtures/antd';
import { expect, test } from '../fixtures/server';
import type { BackofficeServer } from '../fixtures/server';
import { signInByApi, useToken } from '../fixtures/sign-in';

// A server of its own: one test tampers with its database.
test.use({ serverOptions: { label: 'audit-trail' } });

/** Runs SQL on the server's SQLite file with Debian's sqlite3, as someone holding the file would. */
function sqlite(server: BackofficeServer, sql: string): string {
  const file = server.dbUrl.replace(/^sqlite:/, '');
  return execFileSync('sqlite3', ['-cmd', '.timeout 10000', file, sql], { encoding: 'utf8' }).trim();
}

async function openAudit(page: Page, server: BackofficeServer, request: APIRequestContext): Promise<void> {
  const token = await signInByApi(request, server.creds);
  await page.goto('/admin/login');
  await useToken(page, token);
  await page.goto('/audit');
  await expect(page.getByRole('heading', { name: 'Audit Log', level: 1 })).toBeVisible();
}

test('the trail is intact; an entry changed in the database is named on Re-check and by audit verify', async ({
  page,
  server,
  request,
}, testInfo) => {
  await openAudit(page, server, request);
  await expect(page.getByText(/^Audit trail intact up to entry #\d+$/)).toBeVisible();
  await expect(page.getByText(/[\d,]+ entries verified, checked /)).toBeVisible();

  // A checkpoint of the newest entry (the sign-in's), kept in a file outside the database, and shown on Re-check.
  const signed = await server.runCli(['audit', 'checkpoint']);
  const checkpoint = JSON.parse(signed.stdout) as { entry_id: number };
  const kept = testInfo.outputPath('checkpoints.jsonl');
  writeFileSync(kept, signed.stdout);
  await page.getByRole('button', { name: 'Re-check' }).click();
  await expect(
    page.getByText(
      new RegExp(`Checkpoint at entry #${checkpoint.entry_id}, signed \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d UTC, verified\\.`),
    ),
  ).toBeVisible();
  expect((await server.runCli(['audit', 'verify', '--checkpoints', kept])).code).toBe(0);

  // The newest entries deleted: the chain alone still verifies, the kept checkpoint does not hold.
  sqlite(server, `DROP TRIGGER audit_log_no_delete; DELETE FROM audit_log WHERE id >= ${checkpoint.entry_id};`);
  expect((await server.runCli(['audit', 'verify'])).code).toBe(0);
  const cut = await server.runCli(['audit', 'verify', '--checkpoints', kept], { check: false });
  expect(cut.code).toBe(1);
  expect(cut.stdout).toContain(`checkpoint of entry #${checkpoint.entry_id}`);

  // The second chained entry changed, its triggers dropped first (they refuse updates to anyone using the app).
  const victim = sqlite(server, `SELECT id FROM audit_log WHERE hash IS NOT NULL ORDER BY id LIMIT 1 OFFSET 1`);
  expect(victim).toMatch(/^\d+$/);
  sqlite(server, `DROP TRIGGER audit_log_no_update; UPDATE audit_log SET ip = '203.0.113.66' WHERE id = ${victim};`);

  await page.getByRole('button', { name: 'Re-check' }).click();
  await expect(page.getByRole('alert').filter({ hasText: `Audit trail broken at entry #${victim}` })).toBeVisible();
  const verify = await server.runCli(['audit', 'verify'], { check: false });
  expect(verify.code).toBe(1);
  expect(verify.stdout + verify.stderr).toContain(`#${victim}`);
});

test('a CSV download and the parts of a profile read are recorded, under Reads', async ({ page, server, request }) => {
  const token = await signInByApi(request, server.creds);
  const headers = { Authorization: `Bearer ${token}` };
  const users = (await (await request.get('/api/admin/users', { params: { maxPerPage: 1 }, headers })).json()) as {
    users: { id: number; email: string }[];
  };
  const customer = users.users[0];

  await page.goto('/admin/login');
  await useToken(page, token);
  await page.goto('/history');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  await download.path(); // the whole file arrived: the export has ended and been recorded
  // The profile page reads three parts of the customer's data as it opens: the profile, its brief and its report (the
  // first tab). Each answer goes once its read is recorded.
  const parts = ['brief', 'report'].map((part) =>
    page.waitForResponse((r) => r.url().includes(`/api/admin/users/${part}/${customer.id}`) && r.ok()),
  );
  await page.goto(`/userprofile/${customer.id}`);
  await expect(page.getByText(customer.email).first()).toBeVisible();
  await Promise.all(parts);

  await page.goto('/audit');
  await chooseOption(page, page.getByRole('combobox', { name: 'Action' }), 'Reads (read.*)');
  const rows = page.locator('.ant-table-tbody tr[data-row-key]');
  await expect(rows).toHaveCount(4);
  // Each action in words (auditActions.ts).
  await expect(rows.filter({ hasText: 'CSV exported' })).toHaveCount(1);
  await expect(rows.filter({ hasText: "User's profile read" })).toHaveCount(3);

  // What each entry holds, as the API lists it.
  const reads = (await (await request.get('/api/admin/audit', { params: { action: 'read.' }, headers })).json()) as {
    audit: { action: string; target: string; details: Record<string, unknown> }[];
  };
  const exported = reads.audit.find((e) => e.action === 'read.csv_export');
  expect(exported?.details).toMatchObject({ route: '/api/admin/transactions/history/CSV', cut: false });
  expect(Number(exported?.details.rows)).toBeGreaterThan(0);
  expect(Number(exported?.details.bytes)).toBeGreaterThan(0);
  const profile = reads.audit.filter((e) => e.action === 'read.profile_open');
  expect(profile.map((e) => e.target)).toEqual(Array(3).fill(`user:${customer.id}`));
  expect(profile.map((e) => e.details.part).sort()).toEqual(['brief', 'profile', 'report']);
});
