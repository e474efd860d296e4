/**
 * The user profile's calls (`GET /api/admin/users/{id}`, its brief, report, wallets, sessions and invites); every one
 * needs ADMIN_SHOW_USER.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Query } from '../../lib/api';
import { apiDownload, apiGet } from '../../lib/api';
import type { ApiGetPath, GetReply } from '../../lib/apiTypes';
import type { ListReply } from '../../lib/listPage';
import type { Transaction } from '../history/types';
import type { ProfileUser, UserBrief, UserSession, Wallet } from './types';
import { pendingRefresh } from '../../lib/coreStatus';

const USERS = '/admin/users';

export function profileUserQuery(id: number) {
  return queryOptions({
    queryKey: ['profile', id, 'user'],
    queryFn: ({ signal }) => apiGet<ProfileUser>(`${USERS}/${id}`, undefined, { signal }),
    // A change not yet answered by the core: read again until it is applied or rejected.
    refetchInterval: (query) => pendingRefresh([query.state.data?.core]),
  });
}

export function userBriefQuery(id: number) {
  return queryOptions({
    queryKey: ['profile', id, 'brief'],
    queryFn: ({ signal }) => apiGet<UserBrief>(`${USERS}/brief/${id}`, undefined, { signal }),
  });
}

function pageQuery<K extends string, Row>(id: number, list: K, path: ApiGetPath, query: Query) {
  return queryOptions({
    queryKey: ['profile', id, list, query],
    queryFn: ({ signal }) => apiGet<ListReply<K, Row>>(path, query, { signal }),
    placeholderData: keepPreviousData,
  });
}

export const userReportQuery = (id: number, query: Query) =>
  pageQuery<'reports', Transaction>(id, 'reports', `${USERS}/report/${id}`, query);

export const userWalletsQuery = (id: number, query: Query) =>
  pageQuery<'wallets', Wallet>(id, 'wallets', `${USERS}/wallets/${id}`, query);

export const userSessionsQuery = (id: number, query: Query) =>
  pageQuery<'sessions', UserSession>(id, 'sessions', `${USERS}/sessions/${id}`, query);

export function userInvitesQuery(id: number) {
  return queryOptions({
    queryKey: ['profile', id, 'invites'],
    queryFn: async ({ signal }) =>
      (await apiGet<GetReply<'/api/admin/users/invites/{id}'>>(`${USERS}/invites/${id}`, undefined, { signal })).invites,
  });
}

export const downloadUserReportCsv = (id: number, query: Query) => apiDownload(`${USERS}/report/${id}/CSV`, query);

export const downloadUserWalletsCsv = (id: number, query: Query) => apiDownload(`${USERS}/wallets/${id}/CSV`, query);

type VerificationMailReply = GetReply<'/api/admin/email/{id}/sendmail'>;

/** Resends the verification mail: `{status}` to show, or an ApiError (e.g. already verified). */
export function sendVerificationMail(id: number): Promise<VerificationMailReply> {
  return apiGet<VerificationMailReply>(`/admin/email/${id}/sendmail`);
}
