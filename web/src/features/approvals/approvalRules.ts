import { isApiError, StepUpCancelledError } from '../../lib/api';
import type { GetQuery } from '../../lib/apiTypes';
import type { PermissionRule } from '../../lib/permissions';
import { Permission } from '../../lib/permissions';

/**
 * Who may see the approval requests (the Approvals screen, the top bar's badge): any key of the actions the policy
 * may cover, or the policy's own, as the server's `approvalKeys` (internal/httpapi/routes.go).
 */
export const SEES_APPROVALS: PermissionRule = {
  anyOf: [
    Permission.CREATE_ROLE,
    Permission.EDIT_ROLE,
    Permission.REMOVE_ROLE,
    Permission.ADD_USER_ROLE,
    Permission.REMOVE_USER_ROLE_ADMIN,
    Permission.CREATE_USER,
    Permission.EDIT_USER,
    Permission.CREATE_TOKEN,
    Permission.SHOW_PROMOTION,
    Permission.APPROVAL_POLICY,
  ],
};

/** A decision's reason: 1 to 500 characters once trimmed (the server counts bytes; the screen counts characters). */
export const MAX_REASON = 500;

export function reasonProblem(reason: string): string | null {
  const trimmed = reason.trim();
  if (!trimmed) return 'Give a reason.';
  if (new TextEncoder().encode(trimmed).length > MAX_REASON) return `Keep the reason to ${MAX_REASON} characters.`;
  return null;
}

/** A request's status, as the document states the list's filter: a status the server adds fails `tsc` below. */
type RequestStatus = NonNullable<GetQuery<'/api/admin/approvals'>['status']>;

/** The status filter's choices; `all` sends no status. */
export type StatusChoice = RequestStatus | 'all';

/** The choices' labels, in tab order: every status of the document, and only those, then `all`. */
export const STATUS_LABELS: Record<StatusChoice, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  withdrawn: 'Withdrawn',
  expired: 'Expired',
  void: 'Void',
  all: 'All',
};

export const STATUS_CHOICES = Object.keys(STATUS_LABELS) as StatusChoice[];

/** The policy's actions that differ from the saved ones: what Save sends. */
export function changedActions(saved: Record<string, boolean>, draft: Record<string, boolean>): Record<string, boolean> {
  const changed: Record<string, boolean> = {};
  for (const [action, on] of Object.entries(draft)) if ((saved[action] ?? false) !== on) changed[action] = on;
  return changed;
}

/** What the request dialog does: approve or reject it, or (its maker) give its reason for the approver. */
export type Decision = 'approve' | 'reject' | 'explain';

/** A refused decision, said plainly: whose it is (403), or why it can no longer be decided (409). */
export function decisionErrorTitle(error: unknown): string {
  if (error instanceof StepUpCancelledError) return 'Not decided.';
  if (isApiError(error) && error.status === 403) return 'You cannot decide this request.';
  if (isApiError(error) && error.status === 409) return 'This request can no longer be decided.';
  return 'The decision was not saved.';
}

/** The most pending requests the top bar's badge counts from (one page of the list). */
export const WAITING_PAGE_SIZE = 100;

/** The badge's accessible name: how many requests the viewer may decide. */
export function waitingLabel(count: number | undefined): string {
  if (count === undefined) return 'Approvals';
  const many = count >= WAITING_PAGE_SIZE ? `${WAITING_PAGE_SIZE} or more` : String(count);
  if (count === 0) return 'No requests waiting for your approval';
  return `${many} ${count === 1 ? 'request' : 'requests'} waiting for your approval`;
}

