import { useQuery } from '@tanstack/react-query';
import { fetchPermissionCatalogue, fetchRoles } from './rolesApi';

export const roleKeys = {
  all: ['admin-roles'] as const,
  list: () => [...roleKeys.all, 'list'] as const,
  permissions: () => [...roleKeys.all, 'permissions'] as const,
};

/** The roles (first 100): the roles screen and the members screen's role picker. */
export function useRoles(enabled = true) {
  return useQuery({
    queryKey: roleKeys.list(),
    queryFn: ({ signal }) => fetchRoles(signal),
    select: (page) => page.roles,
    enabled,
  });
}

/** The permission catalogue, grouped by category; it changes only with a new server version. */
export function usePermissionCatalogue(enabled = true) {
  return useQuery({
    queryKey: roleKeys.permissions(),
    queryFn: ({ signal }) => fetchPermissionCatalogue(signal),
    staleTime: Infinity,
    enabled,
  });
}
