import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Popconfirm } from 'antd';
import { errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { approvalKeys, withdrawRequest } from './approvalsApi';
import type { ApprovalRequest } from './types';

export const WITHDRAWN = 'Request withdrawn: nothing was changed.';

/** The maker's Withdraw of their own pending request, after a confirmation. */
export function WithdrawButton({ request }: { request: ApprovalRequest }) {
  const queryClient = useQueryClient();
  const withdraw = useMutation({
    mutationFn: () => withdrawRequest(request.id),
    onSuccess: () => toast.success(WITHDRAWN),
    onError: (error) => toast.error(errorMessage(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: approvalKeys.all }),
  });
  return (
    <Popconfirm
      title="Withdraw this request?"
      description={`${request.summary} will not be applied.`}
      okText="Withdraw"
      okButtonProps={{ danger: true }}
      cancelText="Keep it"
      onConfirm={() => withdraw.mutateAsync().catch(() => undefined)}
    >
      <Button size="small" loading={withdraw.isPending} aria-label={`Withdraw: ${request.summary}`}>
        Withdraw
      </Button>
    </Popconfirm>
  );
}
