import type { ApprovalPolicy, ApprovalRequest, ApprovalsPage } from './types';

/** A pending role edit asked for by dana (id 5); every field can be overridden. */
export function makeRequest(overrides: Partial<ApprovalRequest> = {}): ApprovalRequest {
  return {
    id: 11,
    action: 'role.edit',
    status: 'pending',
    maker: { id: 5, email: 'dana@xapa.example' },
    maker_reason: 'Support needs the audit log',
    created_at: '2026-11-24T10:00:00Z',
    expires_at: '2026-11-25T10:00:00Z',
    summary: 'Edit a role: Support',
    method: 'POST',
    path: '/api/admin/roles/2/edit',
    target: 'role:2',
    change: {
      before: { role: 'Support', description: 'Help desk', permissions: ['ADMIN_USERS_LIST'] },
      after: { role: 'Support', description: 'Help desk', permissions: ['ADMIN_USERS_LIST', 'ADMIN_AUDIT_LOG'] },
    },
    decided_by: null,
    reason: '',
    decided_at: null,
    can_decide: true,
    cannot_decide: '',
    ...overrides,
  };
}

export function approvalsPage(approvals: ApprovalRequest[]): ApprovalsPage {
  return { approvals, page: 1, items_per_page: 25, total_items: approvals.length, total_pages: 1 };
}

export function makePolicy(actions: Record<string, boolean> = { 'role.edit': true }): ApprovalPolicy {
  return {
    actions: { 'role.create': false, 'role.edit': false, 'promotion.save': false, 'approval_policy.save': false, ...actions },
    catalogue: [
      { key: 'role.create', label: 'Create a role' },
      { key: 'role.edit', label: 'Edit a role' },
      { key: 'promotion.save', label: 'Save the promotion' },
      { key: 'approval_policy.save', label: 'Change the approval policy' },
    ],
  };
}
