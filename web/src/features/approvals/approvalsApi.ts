/**
 * The four-eyes approval calls (docs/decisions/0013-four-eyes-approval.md): the requests (`/api/admin/approvals`),
 * their decisions (approve and reject need a reason and a fresh step-up, which the API client asks for by itself),
 * the maker's withdrawal, and the policy (ADMIN_APPROVAL_POLICY).
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../lib/api';
import type { GetQuery, PostReply } from '../../lib/apiTypes';
import { POLL_INTERVAL_MS } from '../../lib/queryClient';
import { APPROVALS_QUERY_ROOT } from '../../lib/queryKeys';
import { WAITING_PAGE_SIZE } from './approvalRules';

type ApprovalsQuery = GetQuery<'/api/admin/approvals'>;

export const approvalKeys = {
  all: APPROVALS_QUERY_ROOT,
  list: (query: ApprovalsQuery) => [...APPROVALS_QUERY_ROOT, 'list', query] as const,
  waiting: [...APPROVALS_QUERY_ROOT, 'waiting'] as const,
  policy: [...APPROVALS_QUERY_ROOT, 'policy'] as const,
};

/** One page of requests, newest first; the previous page stays while the next loads. */
export function approvalsQuery(query: ApprovalsQuery) {
  return queryOptions({
    queryKey: approvalKeys.list(query),
    queryFn: ({ signal }) => apiGet('/api/admin/approvals', { params: { query }, signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * The pending requests (the first 100), for the top bar's badge: polled like the app's other live data
 * (POLL_INTERVAL_MS, paused while the tab is hidden, TanStack Query's default).
 */
export const waitingQuery = queryOptions({
  queryKey: approvalKeys.waiting,
  queryFn: ({ signal }) =>
    apiGet('/api/admin/approvals', { params: { query: { status: 'pending', maxPerPage: WAITING_PAGE_SIZE } }, signal }),
  refetchInterval: POLL_INTERVAL_MS,
  select: (page) => page.approvals.filter((request) => request.can_decide).length,
});

export function approveRequest(id: number, reason: string): Promise<PostReply<'/api/admin/approvals/{id}/approve'>> {
  return apiPost('/api/admin/approvals/{id}/approve', { params: { path: { id } }, body: { reason } });
}

export function rejectRequest(id: number, reason: string): Promise<PostReply<'/api/admin/approvals/{id}/reject'>> {
  return apiPost('/api/admin/approvals/{id}/reject', { params: { path: { id } }, body: { reason } });
}

/** The maker gives their pending request its reason (or a new one), for the approver. */
export function explainRequest(id: number, reason: string): Promise<PostReply<'/api/admin/approvals/{id}/reason'>> {
  return apiPost('/api/admin/approvals/{id}/reason', { params: { path: { id } }, body: { reason } });
}

/** The maker takes their pending request back. */
export function withdrawRequest(id: number): Promise<PostReply<'/api/admin/approvals/{id}/withdraw'>> {
  return apiPost('/api/admin/approvals/{id}/withdraw', { params: { path: { id } } });
}

export const policyQuery = queryOptions({
  queryKey: approvalKeys.policy,
  queryFn: ({ signal }) => apiGet('/api/admin/approvals/policy', { signal }),
});

/** Sets the actions given (the others keep theirs); itself a change the policy may send for approval. */
export function savePolicy(actions: Record<string, boolean>): Promise<PostReply<'/api/admin/approvals/policy'>> {
  return apiPost('/api/admin/approvals/policy', { body: { actions } });
}
