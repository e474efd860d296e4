import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { approvalLink, pendingApprovalId } from './pendingApproval';

describe('pendingApprovalId', () => {
  it('reads the first request of a change already pending (409 approval_id)', () => {
    const error = new ApiError(409, 'The same change is already waiting for approval (request 4).', [], { approval_id: 4 });
    expect(pendingApprovalId(error)).toBe(4);
    expect(approvalLink(4)).toBe('/approvals?request=4');
  });

  it('is null for any other refusal', () => {
    expect(pendingApprovalId(new ApiError(409, 'A role that is still assigned.', [], { code: 409 }))).toBeNull();
    expect(pendingApprovalId(new ApiError(400, 'Bad.', [], { approval_id: 4 }))).toBeNull();
    expect(pendingApprovalId(new Error('network'))).toBeNull();
  });
});
