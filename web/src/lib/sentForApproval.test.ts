import { describe, expect, it } from 'vitest';
import { ApiError, SENT_FOR_APPROVAL, SentForApprovalError } from './api';
import { isFailure, isSentForApproval, sentForApprovalText, whenSentForApproval } from './sentForApproval';

describe('sent for approval', () => {
  const sent = new SentForApprovalError({ approval: { id: 3, summary: 'Edit a role: Support' } });

  it('is an outcome, not a failure', () => {
    expect(isSentForApproval(sent)).toBe(true);
    expect(isFailure(sent)).toBe(false);
    expect(isFailure(new ApiError(409, 'Taken.'))).toBe(true);
    expect(isFailure(null)).toBe(false);
  });

  it("names the request by its summary, else says it in general", () => {
    expect(sentForApprovalText(sent)).toBe(
      'Sent for approval: Edit a role: Support. Nothing is changed until another staff member approves it (Approvals, under Setting).',
    );
    expect(sentForApprovalText(new SentForApprovalError({ approval: {} }))).toBe(SENT_FOR_APPROVAL);
  });

  it('runs the close only for a change sent for approval', () => {
    let closed = 0;
    const onError = whenSentForApproval(() => (closed += 1));
    onError(new ApiError(400, 'Bad.'));
    expect(closed).toBe(0);
    onError(sent);
    expect(closed).toBe(1);
  });
});
