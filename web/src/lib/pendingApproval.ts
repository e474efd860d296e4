/**
 * The server's refusal of a change that already waits for approval (409 with `approval_id`, the first request): the
 * form says so and links to that request on the Approvals screen, which opens it (`?request=`).
 */
import { isApiError } from './api';

/** The pending request a refused change would repeat, or null for any other failure. */
export function pendingApprovalId(error: unknown): number | null {
  if (!isApiError(error) || error.status !== 409) return null;
  const body = error.body as { approval_id?: unknown } | undefined;
  return typeof body?.approval_id === 'number' && body.approval_id > 0 ? body.approval_id : null;
}

/** The Approvals screen opened on one request. */
export function approvalLink(id: number): string {
  return `/approvals?request=${id}`;
}
