import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { USERS_QUERY_ROOT } from '../../lib/queryKeys';
import { fetchUsers } from './membersApi';
import type { UsersQuery } from './types';

export const userKeys = {
  all: USERS_QUERY_ROOT,
  list: (query: UsersQuery) => [...userKeys.all, 'list', query] as const,
};

/** One page of users (or members); the previous page stays on screen while the next one loads. */
export function useUsersPage(query: UsersQuery) {
  return useQuery({
    queryKey: userKeys.list(query),
    queryFn: ({ signal }) => fetchUsers(query, signal),
    placeholderData: keepPreviousData,
  });
}
