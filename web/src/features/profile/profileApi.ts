/**
 * The user profile's calls (`GET /api/admin/users/{id}`, its brief, report, wallets, sessions and invites); every one
 * needs ADMIN_SHOW_USER.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiDownload, apiGet } from '../../lib/api';
import type { GetQuery, GetReply } from '../../lib/apiTypes';
import { pendingRefresh } from '../../lib/coreStatus';

/** The query of the user's report (`GET /api/admin/users/report/{id}`; its CSV's, without the paging). */
export type UserReportQuery = GetQuery<'/api/admin/users/report/{id}'>;

/** The query of the user's wallets (`GET /api/admin/users/wallets/{id}`; its CSV's, without the paging). */
export type UserWalletsQuery = GetQuery<'/api/admin/users/wallets/{id}'>;

type UserSessionsQuery = GetQuery<'/api/admin/users/sessions/{id}'>;

export function profileUserQuery(id: number) {
  return queryOptions({
    queryKey: ['profile', id, 'user'],
    queryFn: ({ signal }) => apiGet('/api/admin/users/{id}', { params: { path: { id } }, signal }),
    // A change not yet answered by the core: read again until it is applied or rejected.
    refetchInterval: (query) => pendingRefresh([query.state.data?.core]),
  });
}

export function userBriefQuery(id: number) {
  return queryOptions({
    queryKey: ['profile', id, 'brief'],
    queryFn: ({ signal }) => apiGet('/api/admin/users/brief/{id}', { params: { path: { id } }, signal }),
  });
}

export function userReportQuery(id: number, query: UserReportQuery) {
  return queryOptions({
    queryKey: ['profile', id, 'reports', query],
    queryFn: ({ signal }) => apiGet('/api/admin/users/report/{id}', { params: { path: { id }, query }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function userWalletsQuery(id: number, query: UserWalletsQuery) {
  return queryOptions({
    queryKey: ['profile', id, 'wallets', query],
    queryFn: ({ signal }) => apiGet('/api/admin/users/wallets/{id}', { params: { path: { id }, query }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function userSessionsQuery(id: number, query: UserSessionsQuery) {
  return queryOptions({
    queryKey: ['profile', id, 'sessions', query],
    queryFn: ({ signal }) => apiGet('/api/admin/users/sessions/{id}', { params: { path: { id }, query }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function userInvitesQuery(id: number) {
  return queryOptions({
    queryKey: ['profile', id, 'invites'],
    queryFn: async ({ signal }) =>
      (await apiGet('/api/admin/users/invites/{id}', { params: { path: { id } }, signal })).invites,
  });
}

export const downloadUserReportCsv = (id: number, query: UserReportQuery) =>
  apiDownload('/api/admin/users/report/{id}/CSV', { params: { path: { id }, query } });

export const downloadUserWalletsCsv = (id: number, query: UserWalletsQuery) =>
  apiDownload('/api/admin/users/wallets/{id}/CSV', { params: { path: { id }, query } });

/** Resends the verification mail: `{status}` to show, or an ApiError (e.g. already verified). */
export function sendVerificationMail(id: number): Promise<GetReply<'/api/admin/email/{id}/sendmail'>> {
  return apiGet('/api/admin/email/{id}/sendmail', { params: { path: { id } } });
}
