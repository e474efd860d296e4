/**
 * A change the four-eyes approval policy covers answers 202 and changes nothing: the API client throws it as a
 * SentForApprovalError (api.ts) so that no screen takes it for done. It is an outcome, not a failure:
 * - the app's one mutation handler (queryClient.ts) shows it as an info toast ("Sent for approval: …") and reloads
 *   the approval requests, for every change of every screen;
 * - a screen closes its modal or form as after a save, but says nothing of "Saved" (`whenSentForApproval`), and does
 *   not show it where it shows failures (`isFailure`).
 */
import { SENT_FOR_APPROVAL, SentForApprovalError } from './api';

export function isSentForApproval(error: unknown): error is SentForApprovalError {
  return error instanceof SentForApprovalError;
}

/** Whether `error` is a real failure for the screen to show (not a change sent for approval). */
export function isFailure(error: unknown): boolean {
  return error !== null && error !== undefined && !isSentForApproval(error);
}

/** The request's one line ("Edit a role: Support"), when the reply carries it. */
export function sentSummary(error: SentForApprovalError): string {
  const body = error.body as { approval?: { summary?: unknown } } | undefined;
  const summary = body?.approval?.summary;
  return typeof summary === 'string' ? summary.trim() : '';
}

/** What the toast says: the request's summary, and that nothing changes until someone else approves it. */
export function sentForApprovalText(error: SentForApprovalError): string {
  const summary = sentSummary(error);
  if (!summary) return SENT_FOR_APPROVAL;
  return `Sent for approval: ${summary}. Nothing is changed until another staff member approves it (Approvals, under Setting).`;
}

/** A mutation's onError (or a catch) that runs `then` (close the modal, clear the selection) when the change was sent. */
export function whenSentForApproval(then: () => void): (error: unknown) => void {
  return (error) => {
    if (isSentForApproval(error)) then();
  };
}
