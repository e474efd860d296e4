import type { GetReply } from '../../lib/apiTypes';

/** A four-eyes approval request, as `GET /api/admin/approvals` lists it. */
export type ApprovalRequest = ApprovalsPage['approvals'][number];

export type ApprovalStatus = ApprovalRequest['status'];

/** One page of requests. */
export type ApprovalsPage = GetReply<'/api/admin/approvals'>;

/** The policy: which actions need a second person, and the actions in screen order with their labels. */
export type ApprovalPolicy = GetReply<'/api/admin/approvals/policy'>;
