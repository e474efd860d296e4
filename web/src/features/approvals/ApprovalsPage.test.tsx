import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Permission } from '../../lib/permissions';
import { apiError, mockApi } from '../../test/mockApi';
import { currentPath, jsonResponse, renderWithProviders } from '../../test/render';
import { ALL_PERMISSIONS, signedInAs } from '../../test/users';
import ApprovalsPage from './ApprovalsPage';
import { approvalsPage, makePolicy, makeRequest } from './approvalTestData';
import { APPROVED, EXPLAINED, REJECTED } from './DecisionModal';
import { POLICY_SAVED } from './PolicyEditor';
import { WITHDRAWN } from './WithdrawButton';

const ME = 1;

function serve(routes: Parameters<typeof mockApi>[0], permissions: readonly string[] = ALL_PERMISSIONS) {
  return mockApi({
    ...signedInAs(permissions, { id: ME, email: 'me@xapa.example' }),
    'GET /api/admin/approvals/policy': () => jsonResponse(makePolicy()),
    ...routes,
  });
}

/** The dialog that holds `text` (under jsdom antd's dialogs share a label id: found by their content). */
async function dialogWith(text: string): Promise<HTMLElement> {
  return (await screen.findByText(text)).closest<HTMLElement>('[role="dialog"]')!;
}

describe('ApprovalsPage', () => {
  it('lists the pending requests by default, and the status filter goes to the URL', async () => {
    const calls = serve({ 'GET /api/admin/approvals': () => jsonResponse(approvalsPage([makeRequest()])) });
    renderWithProviders(<ApprovalsPage />, { route: '/approvals' });
    const row = (await screen.findByText('Edit a role: Support')).closest('tr')!;
    expect(within(row).getByText('Edit a role')).toBeInTheDocument();
    expect(within(row).getByText('dana@xapa.example')).toBeInTheDocument();
    expect(within(row).getByText('“Support needs the audit log”')).toBeInTheDocument();
    expect(within(row).getByText('Pending')).toBeInTheDocument();
    expect(calls.find((c) => c.path.startsWith('/api/admin/approvals?'))?.path).toBe('/api/admin/approvals?status=pending&page=1&maxPerPage=25');

    await userEvent.click(screen.getByText('Approved'));
    await waitFor(() => expect(currentPath()).toBe('/approvals?status=approved'));
    await waitFor(() => expect(calls.some((c) => c.path.includes('status=approved'))).toBe(true));
    await userEvent.click(screen.getByText('All'));
    await waitFor(() => expect(calls.at(-1)?.path).toBe('/api/admin/approvals?page=1&maxPerPage=25'));
  });

  it('opens a row to the difference: before and after side by side, the changed field marked', async () => {
    serve({ 'GET /api/admin/approvals': () => jsonResponse(approvalsPage([makeRequest()])) });
    renderWithProviders(<ApprovalsPage />, { route: '/approvals' });
    await screen.findByText('Edit a role: Support');
    await userEvent.click(screen.getByRole('button', { name: /expand row/i }));
    const diff = await screen.findByRole('table', { name: 'What “Edit a role: Support” changes' });
    const changed = within(diff).getByRole('rowheader', { name: /Permissions/ }).closest('tr')!;
    expect(changed).toHaveClass('change-diff__row--changed');
    expect(changed).toHaveTextContent('(changed)');
    expect(changed).toHaveTextContent('Adds: ADMIN_AUDIT_LOG');
    const same = within(diff).getByRole('rowheader', { name: 'Description' }).closest('tr')!;
    expect(same).not.toHaveClass('change-diff__row--changed');
    expect(within(diff).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Field', 'Before', 'After']);
  });

  it('approves with a reason (required), then reloads the list', async () => {
    let pending = [makeRequest()];
    const calls = serve({
      'GET /api/admin/approvals': () => jsonResponse(approvalsPage(pending)),
      'POST /api/admin/approvals/11/approve': () => {
        pending = [];
        return jsonResponse({ approval: makeRequest({ status: 'approved' }), result: {} });
      },
    });
    renderWithProviders(<ApprovalsPage />, { route: '/approvals' });
    await userEvent.click(await screen.findByRole('button', { name: 'Approve: Edit a role: Support' }));
    const dialog = await dialogWith('Approve the request');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByText('Give a reason.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.type(within(dialog).getByLabelText('Reason'), '  Agreed with the team lead ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText(APPROVED)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ reason: 'Agreed with the team lead' });
    expect(await screen.findByText('No requests waiting')).toBeInTheDocument();
  });

  it('rejects with a reason', async () => {
    const calls = serve({
      'GET /api/admin/approvals': () => jsonResponse(approvalsPage([makeRequest()])),
      'POST /api/admin/approvals/11/reject': () => jsonResponse({ approval: makeRequest({ status: 'rejected' }) }),
    });
    renderWithProviders(<ApprovalsPage />, { route: '/approvals' });
    await userEvent.click(await screen.findByRole('button', { name: 'Reject: Edit a role: Support' }));
    const dialog = await dialogWith('Reject the request');
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Not needed');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText(REJECTED)).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/admin/approvals/11/reject')?.body).toEqual({ reason: 'Not needed' });
  });

  it.each([
    [403, 'You made this request: another person must approve or reject it.', 'You cannot decide this request.'],
    [409, 'This request expired: changes wait 24 hours for their approval. Make the change again.', 'This request can no longer be decided.'],
    [
      409,
      'What this request would change was changed since it was made: nothing was applied. Reject it, and make the change again.',
      'This request can no longer be decided.',
    ],
  ])('shows a %i refusal plainly, in the dialog', async (status, message, title) => {
    serve({
      'GET /api/admin/approvals': () => jsonResponse(approvalsPage([makeRequest()])),
      'POST /api/admin/approvals/11/approve': () => apiError(status, message),
    });
    renderWithProviders(<ApprovalsPage />, { route: '/approvals' });
    await userEvent.click(await screen.findByRole('button', { name: 'Approve: Edit a role: Support' }));
    const dialog = await dialogWith('Approve the request');
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'ok');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(title);
    expect(alert).toHaveTextContent(message);
  });

  it("offers no decision on one's own request, but Withdraw, after a confirmation", async () => {
    const own = makeRequest({ maker: { id: ME, email: 'me@xapa.example' }, can_decide: false });
    const calls = serve({
      'GET /api/admin/approvals': () => jsonResponse(approvalsPage([own])),
      'POST /api/admin/approvals/11/withdraw': () => jsonResponse({ approval: { ...own, status: 'withdrawn' } }),
    });
    renderWithProviders(<ApprovalsPage />, { route: '/approvals' });
    const row = (await screen.findByText('Edit a role: Support')).closest('tr')!;
    expect(within(row).queryByRole('button', { name: /Approve/ })).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /Reject/ })).not.toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: 'Withdraw: Edit a role: Support' }));
    expect(await screen.findByText('Withdraw this request?')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText(WITHDRAWN)).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/admin/approvals/11/withdraw')).toBe(true);
  });

  it("lets the maker give their request its reason for the approver, the current one filled in", async () => {
    const own = makeRequest({ maker: { id: ME, email: 'me@xapa.example' }, maker_reason: 'Auditors', can_decide: false });
    const calls = serve({
      'GET /api/admin/approvals': () => jsonResponse(approvalsPage([own])),
      'POST /api/admin/approvals/11/reason': (call) =>
        jsonResponse({ approval: { ...own, maker_reason: (call.body as { reason: string }).reason } }),
    });
    renderWithProviders(<ApprovalsPage />, { route: '/approvals' });
    const row = (await screen.findByText('Edit a role: Support')).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: 'Reason for the approver: Edit a role: Support' }));
    const dialog = await dialogWith('Your reason for the approver');
    const field = within(dialog).getByLabelText('Reason');
    expect(field).toHaveValue('Auditors');
    await userEvent.clear(field);
    await userEvent.type(field, 'Auditors need the users list');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save reason' }));
    expect(await screen.findByText(EXPLAINED)).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/admin/approvals/11/reason')?.body).toEqual({ reason: 'Auditors need the users list' });
  });

  it('shows who decided a request, and why', async () => {
    const decided = makeRequest({
      status: 'rejected',
      can_decide: false,
      decided_by: { id: 9, email: 'ari@xapa.example' },
      decided_at: '2026-11-24T11:00:00Z',
      reason: 'Too broad',
    });
    serve({ 'GET /api/admin/approvals': () => jsonResponse(approvalsPage([decided])) });
    renderWithProviders(<ApprovalsPage />, { route: '/approvals?status=rejected' });
    await screen.findByText('Edit a role: Support');
    await userEvent.click(screen.getByRole('button', { name: /expand row/i }));
    expect(await screen.findByText(/ari@xapa.example/)).toBeInTheDocument();
    expect(screen.getByText('Too broad')).toBeInTheDocument();
  });

  it('says why a viewer who holds the key may still not decide: no Approve, the reason instead', async () => {
    const why = "You cannot decide dana@xapa.example's requests: they created your account less than 30 days ago.";
    serve({ 'GET /api/admin/approvals': () => jsonResponse(approvalsPage([makeRequest({ can_decide: false, cannot_decide: why })])) });
    renderWithProviders(<ApprovalsPage />, { route: '/approvals' });
    expect(await screen.findByText(why)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Approve/ })).not.toBeInTheDocument();
  });

  it('lists void requests with why they are void', async () => {
    const voided = makeRequest({ status: 'void', can_decide: false, reason: 'its maker, dana@xapa.example, was disabled.' });
    serve({ 'GET /api/admin/approvals': () => jsonResponse(approvalsPage([voided])) });
    renderWithProviders(<ApprovalsPage />, { route: '/approvals?status=void' });
    await screen.findByText('Edit a role: Support');
    expect(document.querySelector('tr[data-row-key] .ant-tag')).toHaveTextContent('Void');
    await userEvent.click(screen.getByRole('button', { name: /expand row/i }));
    expect(await screen.findByText('Why it is void')).toBeInTheDocument();
    expect(screen.getByText('its maker, dana@xapa.example, was disabled.')).toBeInTheDocument();
  });

  describe('the policy', () => {
    it('is shown only to holders of ADMIN_APPROVAL_POLICY', async () => {
      const calls = serve({ 'GET /api/admin/approvals': () => jsonResponse(approvalsPage([])) }, [Permission.EDIT_ROLE]);
      renderWithProviders(<ApprovalsPage />, { route: '/approvals' });
      expect(await screen.findByText('No requests waiting')).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Policy' })).not.toBeInTheDocument();
      expect(calls.some((c) => c.path === '/api/admin/approvals/policy')).toBe(false);
    });

    it('saves the changed switches after a confirmation', async () => {
      const calls = serve({
        'GET /api/admin/approvals': () => jsonResponse(approvalsPage([])),
        'POST /api/admin/approvals/policy': () => jsonResponse(makePolicy({ 'role.edit': false, 'promotion.save': true })),
      });
      renderWithProviders(<ApprovalsPage />, { route: '/approvals' });
      const edit = await screen.findByRole('switch', { name: 'Edit a role' });
      expect(edit).toBeChecked();
      const save = screen.getByRole('button', { name: 'Save policy' });
      expect(save).toBeDisabled();
      await userEvent.click(edit);
      await userEvent.click(screen.getByRole('switch', { name: 'Save the promotion' }));
      expect(screen.getByText('2 changes not saved')).toBeInTheDocument();
      await userEvent.click(save);
      const confirm = await dialogWith('Edit a role: no longer needs a second person');
      expect(confirm).toHaveTextContent('Save the approval policy?');
      expect(confirm).toHaveTextContent('Save the promotion: needs a second person');
      await userEvent.click(within(confirm).getByRole('button', { name: 'Save' }));
      expect(await screen.findByText(POLICY_SAVED)).toBeInTheDocument();
      expect(calls.find((c) => c.path === '/api/admin/approvals/policy' && c.method === 'POST')?.body).toEqual({
        actions: { 'role.edit': false, 'promotion.save': true },
      });
      expect(screen.getByRole('switch', { name: 'Edit a role' })).not.toBeChecked();
      expect(screen.getByRole('button', { name: 'Save policy' })).toBeDisabled();
    });

    it('a save that itself waits for approval: said so, and the switches show the policy in force', async () => {
      serve({
        'GET /api/admin/approvals': () => jsonResponse(approvalsPage([])),
        'POST /api/admin/approvals/policy': () =>
          jsonResponse({ approval: makeRequest({ action: 'approval_policy.save', summary: 'Change the approval policy: policy' }) }, { status: 202 }),
      });
      renderWithProviders(<ApprovalsPage />, { route: '/approvals' });
      await userEvent.click(await screen.findByRole('switch', { name: 'Edit a role' }));
      await userEvent.click(screen.getByRole('button', { name: 'Save policy' }));
      await userEvent.click(within(await dialogWith('Edit a role: no longer needs a second person')).getByRole('button', { name: 'Save' }));
      const notes = await screen.findAllByText(/^Sent for approval: Change the approval policy: policy\./);
      expect(notes.length).toBeGreaterThanOrEqual(1); // the note, and the app's toast
      expect(screen.queryByText(POLICY_SAVED)).not.toBeInTheDocument();
      expect(screen.getByRole('switch', { name: 'Edit a role' })).toBeChecked();
    });
  });
});
