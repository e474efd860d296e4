import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { userKeys } from './userQueries';

/** Reloads every user list (after a create, an edit, a role change or a removal). */
export function useInvalidateUsers(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: userKeys.all }), [queryClient]);
}
