import { useMutation } from '@tanstack/react-query';
import { App, Button } from 'antd';
import { errorMessage } from '../../lib/api';
import { isSentForApproval } from '../../lib/sentForApproval';
import { removeMembers } from './membersApi';
import { useInvalidateUsers } from './useInvalidateUsers';
import { toast } from '../../lib/toast';

export const MEMBERS_REMOVED = 'Members have been removed';

interface RemoveSelectedButtonProps {
  userIds: number[];
  /** After the removal (the screen clears its selection). */
  onDone: () => void;
}

/** "Remove Selected": after a confirmation, takes ROLE_ADMIN away from the selected members. */
export function RemoveSelectedButton({ userIds, onDone }: RemoveSelectedButtonProps) {
  const { modal } = App.useApp();
  const invalidateUsers = useInvalidateUsers();
  const remove = useMutation({ mutationFn: removeMembers });

  const confirm = () => {
    const count = userIds.length;
    modal.confirm({
      title: 'Remove the selected members?',
      content: `${count === 1 ? '1 member loses' : `${count} members lose`} staff access and their role.`,
      okText: 'Yes',
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      onOk: async () => {
        try {
          await remove.mutateAsync([...userIds]);
          toast.success(MEMBERS_REMOVED);
          onDone();
        } catch (error) {
          // Sent for approval: told by the app's toast (queryClient.ts); the selection is done with.
          if (isSentForApproval(error)) onDone();
          else toast.error(errorMessage(error));
        } finally {
          void invalidateUsers();
        }
      },
    });
  };

  return (
    <Button danger disabled={userIds.length === 0} onClick={confirm}>
      Remove Selected
    </Button>
  );
}
