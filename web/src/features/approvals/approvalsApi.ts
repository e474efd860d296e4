/**
 * The four-eyes approval calls (docs/decisions/0013-four-eyes-approval.md): the requests (`/api/admin/approvals`),
 * their decisions (approve and reject need a reason and a fresh step-up, which the API client asks for by itself),
 * the maker's withdrawal, and the policy (ADMIN_APPROVAL_POLICY).
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Query } from '../../lib/api';
import { apiGet, apiPost } from '../../lib/api';
import type { PostBody, PostReply } from '../../lib/apiTypes';
import { POLL_INTERVAL_MS } from '../../lib/queryClient';
import { APPROVALS_QUERY_ROOT } from '../../lib/queryKeys';
import { WAITING_PAGE_SIZE } from './approvalRules';
import type { ApprovalPolicy, ApprovalsPage } from './types';

export const approvalKeys = {
  all: APPROVALS_QUERY_ROOT,
  list: (query: Query) => [...APPROVALS_QUERY_ROOT, 'list', query] as const,
  waiting: [...APPROVALS_QUERY_ROOT, 'waiting'] as const,
  policy: [...APPROVALS_QUERY_ROOT, 'policy'] as const,
};

/** One page of requests, newest first; the previous page stays while the next loads. */
export function approvalsQuery(query: Query) {
  return queryOptions({
    queryKey: approvalKeys.list(query),
    queryFn: ({ signal }) => apiGet<ApprovalsPage>('/admin/approvals', query, { signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * The pending requests (the first 100), for the top bar's badge: polled like the app's other live data
 * (POLL_INTERVAL_MS, paused while the tab is hidden, TanStack Query's default).
 */
export const waitingQuery = queryOptions({
  queryKey: approvalKeys.waiting,
  queryFn: ({ signal }) => apiGet<ApprovalsPage>('/admin/approvals', { status: 'pending', maxPerPage: WAITING_PAGE_SIZE }, { signal }),
  refetchInterval: POLL_INTERVAL_MS,
  select: (page) => page.approvals.filter((request) => request.can_decide).length,
});

export function approveRequest(id: number, reason: string): Promise<PostReply<'/api/admin/approvals/{id}/approve'>> {
  return apiPost(`/admin/approvals/${id}/approve`, { reason } satisfies PostBody<'/api/admin/approvals/{id}/approve'>);
}

export function rejectRequest(id: number, reason: string): Promise<PostReply<'/api/admin/approvals/{id}/reject'>> {
  return apiPost(`/admin/approvals/${id}/reject`, { reason } satisfies PostBody<'/api/admin/approvals/{id}/reject'>);
}

/** The maker gives their pending request its reason (or a new one), for the approver. */
export function explainRequest(id: number, reason: string): Promise<PostReply<'/api/admin/approvals/{id}/reason'>> {
  return apiPost(`/admin/approvals/${id}/reason`, { reason } satisfies PostBody<'/api/admin/approvals/{id}/reason'>);
}

/** The maker takes their pending request back. */
export function withdrawRequest(id: number): Promise<PostReply<'/api/admin/approvals/{id}/withdraw'>> {
  return apiPost(`/admin/approvals/${id}/withdraw`);
}

export const policyQuery = queryOptions({
  queryKey: approvalKeys.policy,
  queryFn: ({ signal }) => apiGet<ApprovalPolicy>('/admin/approvals/policy', undefined, { signal }),
});

/** Sets the actions given (the others keep theirs); itself a change the policy may send for approval. */
export function savePolicy(actions: Record<string, boolean>): Promise<PostReply<'/api/admin/approvals/policy'>> {
  return apiPost('/admin/approvals/policy', { actions } satisfies PostBody<'/api/admin/approvals/policy'>);
}
