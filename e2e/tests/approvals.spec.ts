/**
 * Four-eyes approval (docs/decisions/0013): the demo started with its policy (role create, edit and delete and the
 * promotion need a second person). The administrator's role edit in the browser is "sent for approval" and changes
 * nothing; they cannot approve it (no button; the API answers 403); the approver sees the badge, the difference, and
 * approves with a reason: the role changes and the audit entry names both. A request withdrawn by its maker, one
 * rejected, and one whose target changed since it was made (409) shown on the screen.
 *
 * Expiry: the server's clock cannot be moved from here, so the test ages a request the way 24 hours would, moving its
 * expiry into the past in the demo's SQLite file (Debian's sqlite3): it is then listed as expired, offers no Approve,
 * and the API refuses to approve it (409); the role stays as it was.
 *
 * A request whose maker lost the key it needs is void when approved (409, listed as void with why); an approver whose
 * role the maker gave is told on the screen, in place of Approve, why they may not decide (and the API answers 403).
 */
import { execFileSync } from 'node:child_process';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../fixtures/server';
import type { BackofficeServer, StaffLogin } from '../fixtures/server';
import { signInByApi, useToken } from '../fixtures/sign-in';
import { ensureSteppedUp, sensitiveCall } from '../fixtures/step-up';

test.use({ serverOptions: { label: 'approvals', approvals: true } });
test.describe.configure({ mode: 'serial' });

interface Role {
  id: number;
  role: string;
  description: string;
  permissions: string[];
  allowedNetworks: string[];
}

interface Approval {
  id: number;
  status: string;
  summary: string;
  can_decide: boolean;
}

const tokens = new Map<string, string>();

async function tokenOf(request: APIRequestContext, login: StaffLogin): Promise<string> {
  let token = tokens.get(login.username);
  if (!token) {
    token = await signInByApi(request, login);
    tokens.set(login.username, token);
  }
  await ensureSteppedUp(request, token, login); // deciding and role writes need a recent second factor
  return token;
}

/**
 * Opens `path` signed in with `token` (a fresh page load: the session is the token's). The token is swapped on
 * /healthz, a page of the same origin that runs no app: on the sign-in page the app, holding the previous token,
 * would move to the dashboard and send its calls without a token once storage is cleared (401s).
 */
async function openAs(page: Page, token: string, path: string): Promise<void> {
  await page.goto('/healthz');
  await page.evaluate(() => window.localStorage.clear());
  await useToken(page, token);
  await page.goto(path);
}

async function roleNamed(request: APIRequestContext, token: string, name: string): Promise<Role> {
  const reply = await request.get('/api/admin/roles?page=1&maxPerPage=100', { headers: { Authorization: `Bearer ${token}` } });
  const { roles } = (await reply.json()) as { roles: Role[] };
  const role = roles.find((r) => r.role === name);
  if (!role) throw new Error(`no role ${name}`);
  return role;
}

/** A role edit through the API, as `login`: answers the reply (a 202 when the policy covers it). */
async function editDescription(request: APIRequestContext, login: StaffLogin, role: Role, description: string, reason = '') {
  const token = await tokenOf(request, login);
  const body = { role: role.role, description, permissions: role.permissions, allowedNetworks: role.allowedNetworks };
  return sensitiveCall(request, token, login, (headers) =>
    request.post(`/api/admin/roles/${role.id}/edit`, { headers: { ...headers, 'X-Change-Reason': reason }, data: body }),
  );
}

async function pendingRequests(request: APIRequestContext, token: string): Promise<Approval[]> {
  const reply = await request.get('/api/admin/approvals?status=pending&maxPerPage=100', { headers: { Authorization: `Bearer ${token}` } });
  expect(reply.status()).toBe(200);
  return ((await reply.json()) as { approvals: Approval[] }).approvals;
}

async function emailOf(request: APIRequestContext, token: string): Promise<string> {
  const reply = await request.get('/api/user', { headers: { Authorization: `Bearer ${token}` } });
  return ((await reply.json()) as { email: string }).email;
}

const rowOf = (page: Page, summary: string) => page.locator('.ant-table-tbody tr[data-row-key]').filter({ hasText: summary });

test('a role edit waits for a second person: sent for approval, not approvable by its maker, approved by the approver', async ({
  page,
  request,
  server,
  pageProblems,
}) => {
  const admin = server.login(server.creds.username);
  const approver = server.login('approver');
  const adminToken = await tokenOf(request, admin);
  const before = await roleNamed(request, adminToken, 'Finance');
  const description = `Books and reports ${Date.now().toString(36)}`;

  // The administrator edits Finance in the browser: sent for approval, the dialog closes, the role unchanged.
  await openAs(page, adminToken, '/roles');
  await page.getByRole('button', { name: 'Modify Finance' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Description').fill(description);
  await dialog.getByRole('button', { name: 'Modify Role' }).click();
  await expect(page.getByText(/^Sent for approval: Edit a role: Finance\./)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Role Modifyed Successfully')).toHaveCount(0);
  expect((await roleNamed(request, adminToken, 'Finance')).description).toBe(before.description);

  // Their own request: no Approve or Reject, Withdraw offered; the API refuses their approval (403).
  await page.goto('/approvals');
  await expect(page.getByRole('heading', { name: 'Approvals', level: 1 })).toBeVisible();
  const own = rowOf(page, 'Edit a role: Finance');
  await expect(own).toHaveCount(1);
  await expect(own.getByText('Yours: another person decides')).toBeVisible();
  await expect(own.getByRole('button', { name: /^Approve/ })).toHaveCount(0);
  await expect(own.getByRole('button', { name: /^Reject/ })).toHaveCount(0);
  await expect(own.getByRole('button', { name: /^Withdraw/ })).toBeVisible();
  const [request1] = await pendingRequests(request, adminToken);
  expect(request1.can_decide).toBe(false);
  const selfApproval = await sensitiveCall(request, adminToken, admin, (headers) =>
    request.post(`/api/admin/approvals/${request1.id}/approve`, { headers, data: { reason: 'mine' } }),
  );
  expect(selfApproval.status()).toBe(403);
  expect(((await selfApproval.json()) as { message: string }).message).toMatch(/another person must approve/);

  // The approver: the badge counts it, opens Approvals, the difference, Approve with a reason.
  const approverToken = await tokenOf(request, approver);
  await openAs(page, approverToken, '/');
  const badge = page.getByRole('link', { name: '1 request waiting for your approval' });
  await expect(badge).toBeVisible();
  await badge.click();
  await expect(page).toHaveURL(/\/approvals$/);
  const row = rowOf(page, 'Edit a role: Finance');
  await row.getByRole('button', { name: /expand row/i }).click();
  const diff = page.getByRole('table', { name: 'What “Edit a role: Finance” changes' });
  await expect(diff).toBeVisible();
  const changed = diff.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /Description/ }) });
  await expect(changed).toContainText(before.description);
  await expect(changed).toContainText(description);
  await expect(changed).toContainText('(changed)');
  await expect(diff.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Name', exact: true }) })).not.toContainText('(changed)');

  await row.getByRole('button', { name: 'Approve: Edit a role: Finance' }).click();
  const decide = page.getByRole('dialog').filter({ hasText: 'Approve the request' });
  await decide.getByRole('button', { name: 'Approve' }).click();
  await expect(decide.getByText('Give a reason.')).toBeVisible();
  await decide.getByLabel('Reason').fill('Checked with finance');
  await decide.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Approved: the change is applied.')).toBeVisible();
  await expect(page.getByText('No requests waiting')).toBeVisible();
  await expect(page.getByRole('link', { name: 'No requests waiting for your approval' })).toBeVisible();
  expect((await roleNamed(request, adminToken, 'Finance')).description).toBe(description);

  // The audit entry of the change names both people and both reasons.
  const audit = await request.get('/api/admin/audit?action=role.update&page=1&maxPerPage=25', {
    headers: { Authorization: `Bearer ${approverToken}` },
  });
  const entries = ((await audit.json()) as { audit: { actorEmail?: string; details: Record<string, unknown> }[] }).audit;
  const applied = entries.find((e) => JSON.stringify(e.details).includes(description));
  const approval = applied?.details.approval as { maker: { email: string }; approver: { email: string }; reason: string } | undefined;
  expect(approval?.maker.email).toBe(await emailOf(request, adminToken));
  expect(approval?.approver.email).toBe(await emailOf(request, approverToken));
  expect(approval?.reason).toBe('Checked with finance');
  expect(pageProblems.isEmpty, pageProblems.summary()).toBe(true);
});

test('the maker withdraws a request; the approver rejects another', async ({ page, request, server, pageProblems }) => {
  const admin = server.login(server.creds.username);
  const approver = server.login('approver');
  const adminToken = await tokenOf(request, admin);
  const finance = await roleNamed(request, adminToken, 'Finance');

  const withdrawn = await editDescription(request, admin, finance, 'To be withdrawn', 'A typo, I think');
  expect(withdrawn.status()).toBe(202);
  await openAs(page, adminToken, '/approvals');
  const row = rowOf(page, 'Edit a role: Finance');
  await expect(row).toContainText('“A typo, I think”');
  await row.getByRole('button', { name: 'Withdraw: Edit a role: Finance' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Withdraw' }).click();
  await expect(page.getByText('Request withdrawn: nothing was changed.')).toBeVisible();
  await expect(page.getByText('No requests waiting')).toBeVisible();
  await page.getByText('Withdrawn', { exact: true }).click();
  await expect(page).toHaveURL(/status=withdrawn/);
  await expect(rowOf(page, 'Edit a role: Finance').first()).toContainText('Withdrawn');

  // The maker gives the next request its reason on the screen; the approver sees it.
  const rejected = await editDescription(request, admin, finance, 'To be rejected');
  expect(rejected.status()).toBe(202);
  await page.goto('/approvals'); // made through the API: the list loads again
  await rowOf(page, 'Edit a role: Finance').getByRole('button', { name: 'Reason for the approver: Edit a role: Finance' }).click();
  const explain = page.getByRole('dialog').filter({ hasText: 'Your reason for the approver' });
  await explain.getByLabel('Reason').fill('Finance asked for a shorter description');
  await explain.getByRole('button', { name: 'Save reason' }).click();
  await expect(page.getByText('Reason saved: whoever decides the request sees it.')).toBeVisible();
  const approverToken = await tokenOf(request, approver);
  await openAs(page, approverToken, '/approvals');
  await expect(rowOf(page, 'Edit a role: Finance')).toContainText('“Finance asked for a shorter description”');
  await rowOf(page, 'Edit a role: Finance').getByRole('button', { name: 'Reject: Edit a role: Finance' }).click();
  const decide = page.getByRole('dialog').filter({ hasText: 'Reject the request' });
  await decide.getByLabel('Reason').fill('Not what finance asked for');
  await decide.getByRole('button', { name: 'Reject' }).click();
  await expect(page.getByText('Rejected: nothing was changed.')).toBeVisible();
  expect((await roleNamed(request, adminToken, 'Finance')).description).toBe(finance.description);
  await page.getByText('Rejected', { exact: true }).click();
  const done = rowOf(page, 'Edit a role: Finance').first();
  await done.getByRole('button', { name: /expand row/i }).click();
  await expect(page.getByText('Not what finance asked for')).toBeVisible();
  expect(pageProblems.isEmpty, pageProblems.summary()).toBe(true);
});

test('a second request for the same role is refused; one whose role changed since it was made: the 409 is shown in the dialog', async ({ page, request, server, pageProblems }) => {
  const admin = server.login(server.creds.username);
  const approver = server.login('approver');
  const adminToken = await tokenOf(request, admin);
  const approverToken = await tokenOf(request, approver);
  const finance = await roleNamed(request, adminToken, 'Finance');

  expect((await editDescription(request, admin, finance, 'First of two')).status()).toBe(202);
  const [first] = await pendingRequests(request, approverToken);
  // One pending request per change: a second edit of the role is refused, naming the first.
  const second = await editDescription(request, admin, finance, 'Second of two');
  expect(second.status()).toBe(409);
  expect(((await second.json()) as { approval_id: number }).approval_id).toBe(first.id);
  // The role changes meanwhile by another path, as someone holding the database file would.
  sqlite(server, `UPDATE roles SET description = 'Changed meanwhile', updated_at = '2000-01-01 00:00:00' WHERE id = ${finance.id}`);

  await openAs(page, approverToken, '/approvals');
  const row = rowOf(page, 'Edit a role: Finance');
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: 'Approve: Edit a role: Finance' }).click();
  const decide = page.getByRole('dialog').filter({ hasText: 'Approve the request' });
  await decide.getByLabel('Reason').fill('The first one');
  await decide.getByRole('button', { name: 'Approve' }).click();
  const alert = decide.getByRole('alert');
  await expect(alert).toContainText('This request can no longer be decided.');
  await expect(alert).toContainText('changed since it was made');
  expect((await roleNamed(request, adminToken, 'Finance')).description).toBe('Changed meanwhile');
  // The stale request still holds the role's place until it is decided: its maker withdraws it for the next tests.
  const withdrawn = await request.post(`/api/admin/approvals/${first.id}/withdraw`, { headers: { Authorization: `Bearer ${adminToken}` } });
  expect(withdrawn.status()).toBe(200);
  // The browser logs the refused call itself (a 409): that one is expected; nothing else may be.
  const unexpected = pageProblems.consoleErrors.filter((c) => !/status of 409 \(Conflict\)/.test(c.text) || !/\/approve/.test(c.location ?? c.text));
  expect([...unexpected.map((c) => c.text), ...pageProblems.pageErrors, ...pageProblems.cspViolations.map((v) => v.blockedURI)]).toEqual([]);
});

/** Runs SQL on the server's SQLite file, as someone holding the file would. */
function sqlite(server: BackofficeServer, sql: string): string {
  const file = server.dbUrl.replace(/^sqlite:/, '');
  return execFileSync('sqlite3', ['-cmd', '.timeout 10000', file, sql], { encoding: 'utf8' }).trim();
}

test('a request 24 hours old has expired: listed as expired, no Approve, and the API refuses it (409)', async ({
  page,
  request,
  server,
}) => {
  const admin = server.login(server.creds.username);
  const approver = server.login('approver');
  const adminToken = await tokenOf(request, admin);
  const approverToken = await tokenOf(request, approver);
  const compliance = await roleNamed(request, adminToken, 'Compliance');
  const before = compliance.description;

  expect((await editDescription(request, admin, compliance, 'Too late')).status()).toBe(202);
  const waiting = (await pendingRequests(request, approverToken)).find((a) => a.summary === 'Edit a role: Compliance');
  expect(waiting).toBeDefined();
  sqlite(server, `UPDATE approvals SET expires_at = '2000-01-01 00:00:00+00:00' WHERE id = ${waiting!.id}`);

  await openAs(page, approverToken, '/approvals');
  await expect(page.getByRole('heading', { name: 'Approvals', level: 1 })).toBeVisible();
  await expect(rowOf(page, 'Edit a role: Compliance')).toHaveCount(0);
  await page.goto('/approvals?status=expired');
  const row = rowOf(page, 'Edit a role: Compliance');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Expired');
  await expect(row.getByRole('button', { name: /^Approve/ })).toHaveCount(0);

  const late = await sensitiveCall(request, approverToken, approver, (headers) =>
    request.post(`/api/admin/approvals/${waiting!.id}/approve`, { headers, data: { reason: 'Too late?' } }),
  );
  expect(late.status()).toBe(409);
  expect(((await late.json()) as { message: string }).message).toContain('expired');
  expect((await roleNamed(request, adminToken, 'Compliance')).description).toBe(before);
});

test('a request whose maker lost the key is void; an approver the maker gave a role to is told why they may not decide', async ({
  page,
  request,
  server,
}) => {
  const admin = server.login(server.creds.username);
  const approver = server.login('approver');
  const adminToken = await tokenOf(request, admin);
  const approverToken = await tokenOf(request, approver);
  const finance = await roleNamed(request, adminToken, 'Finance');
  const adminRole = sqlite(server, `SELECT role_id FROM users WHERE username = '${admin.username}'`);

  // The maker loses the key the change needs after making the request (moved to the Finance role, which lacks it;
  // the approver keeps the Administrator role): the approval is refused and the request void.
  expect((await editDescription(request, admin, finance, 'Made before losing the key')).status()).toBe(202);
  sqlite(server, `UPDATE users SET role_id = ${finance.id} WHERE username = '${admin.username}'`);
  await openAs(page, approverToken, '/approvals');
  // Newest first: an earlier test left a stale request of the same summary below it.
  await rowOf(page, 'Edit a role: Finance').first().getByRole('button', { name: 'Approve: Edit a role: Finance' }).click();
  const decide = page.getByRole('dialog').filter({ hasText: 'Approve the request' });
  await decide.getByLabel('Reason').fill('Looks fine');
  await decide.getByRole('button', { name: 'Approve' }).click();
  await expect(decide.getByRole('alert')).toContainText('no longer holds');
  sqlite(server, `UPDATE users SET role_id = ${adminRole} WHERE username = '${admin.username}'`);
  await page.goto('/approvals?status=void');
  const voided = rowOf(page, 'Edit a role: Finance').first();
  await expect(voided).toContainText('Void');
  await voided.getByRole('button', { name: /expand row/i }).click();
  await expect(page.getByText('Why it is void')).toBeVisible();
  expect((await roleNamed(request, adminToken, 'Finance')).description).toBe(finance.description);

  // The maker gives the approver a role (not covered by the demo's policy): the approver may no longer decide the
  // maker's requests, and the screen says why in place of Approve.
  const approverId = sqlite(server, `SELECT id FROM users WHERE username = 'approver'`);
  const granted = await sensitiveCall(request, adminToken, admin, (headers) =>
    request.post(`/api/admin/roles/${adminRole}/adduser`, { headers, data: { users: [Number(approverId)] } }),
  );
  expect(granted.status()).toBe(200);
  expect((await editDescription(request, admin, finance, 'After the grant')).status()).toBe(202);
  await openAs(page, approverToken, '/approvals');
  const row = rowOf(page, 'Edit a role: Finance').first();
  await expect(row).toContainText('gave you your role');
  await expect(row.getByRole('button', { name: /^Approve/ })).toHaveCount(0);
  const [waiting] = (await pendingRequests(request, approverToken)).filter((a) => a.summary === 'Edit a role: Finance');
  const refused = await sensitiveCall(request, approverToken, approver, (headers) =>
    request.post(`/api/admin/approvals/${waiting.id}/approve`, { headers, data: { reason: 'My sponsor asked' } }),
  );
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { message: string }).message).toContain('gave you your role');
});
