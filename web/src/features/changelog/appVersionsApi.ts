import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiDelete, apiGet, apiPost } from '../../lib/api';
import type { PostReply } from '../../lib/apiTypes';
import { pendingRefresh } from '../../lib/coreStatus';
import type { NewAppVersion } from './types';

export const appVersionKeys = {
  all: ['app-versions'] as const,
  page: (page: number, maxPerPage: number) => [...appVersionKeys.all, 'list', page, maxPerPage] as const,
  groups: ['app-version-groups'] as const,
};

/** One page of app versions, newest release first; the previous page stays on screen while the next loads. */
export function appVersionsQuery(page: number, maxPerPage: number) {
  return queryOptions({
    queryKey: appVersionKeys.page(page, maxPerPage),
    queryFn: ({ signal }) => apiGet('/api/admin/app_versions', { params: { query: { page, maxPerPage } }, signal }),
    placeholderData: keepPreviousData,
    // A release not yet answered by the core: read again until it is applied or rejected.
    refetchInterval: (query) => pendingRefresh((query.state.data?.appVersions ?? []).map((v) => v.core)),
  });
}

/** The change-log group names the builder offers. */
export const changeLogGroupsQuery = queryOptions({
  queryKey: appVersionKeys.groups,
  queryFn: ({ signal }) => apiGet('/api/admin/app_versions/groups', { signal }),
  staleTime: 10 * 60_000,
});

/** `{id, message}` of the new version (201). */
export function createAppVersion(version: NewAppVersion): Promise<PostReply<'/api/admin/app_versions/new'>> {
  return apiPost('/api/admin/app_versions/new', { body: version });
}

export function deleteAppVersion(id: number): Promise<void> {
  return apiDelete('/api/admin/app_versions/{id}', { params: { path: { id } } });
}
