import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { errorMessage } from '../../lib/api';
import { isSentForApproval } from '../../lib/sentForApproval';
import { roleKeys } from './roleQueries';
import { deleteRole } from './rolesApi';
import type { Role } from './types';

export const ROLE_DELETED = 'Role has been deleted';

/**
 * Remove: asks "Do you want to delete the role …?" (Yes / Cancel) first. A role still held by staff answers
 * 409, whose message is shown as it is.
 */
export function useDeleteRole(): (role: Role) => void {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const remove = useMutation({ mutationFn: deleteRole });

  return (role: Role) => {
    modal.confirm({
      title: 'Delete Role',
      content: `Do you want to delete the role ${role.role}?`,
      okText: 'Yes',
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      onOk: async () => {
        try {
          await remove.mutateAsync(role.id);
          void message.success(ROLE_DELETED);
        } catch (error) {
          // Sent for approval: told by the app's toast (queryClient.ts); the role stays until it is approved.
          if (!isSentForApproval(error)) void message.error(errorMessage(error));
        } finally {
          void queryClient.invalidateQueries({ queryKey: roleKeys.all });
        }
      },
    });
  };
}
