import { DeleteOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Popconfirm } from 'antd';
import { errorMessage } from '../../lib/api';
import { appVersionKeys, deleteAppVersion } from './appVersionsApi';
import type { AppVersion } from './types';
import { toast } from '../../lib/toast';

export const APP_VERSION_DELETED = 'App version has been deleted';

interface DeleteAppVersionButtonProps {
  version: AppVersion;
  onDeleted: () => void;
}

/** Delete, after a confirmation; the list reloads. */
export function DeleteAppVersionButton({ version, onDeleted }: DeleteAppVersionButtonProps) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => deleteAppVersion(version.id),
    onSuccess: () => {
      toast.success(APP_VERSION_DELETED);
      onDeleted();
      void queryClient.invalidateQueries({ queryKey: appVersionKeys.all });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  const label = `${version.platform} ${version.name}`;
  return (
    <Popconfirm
      title="Delete this app version?"
      description={`${label} and its change log will be deleted.`}
      okText="Delete"
      okButtonProps={{ danger: true }}
      cancelText="Cancel"
      onConfirm={() => remove.mutateAsync().catch(() => undefined)}
    >
      <Button danger icon={<DeleteOutlined />} aria-label={`Delete ${label}`} loading={remove.isPending} />
    </Popconfirm>
  );
}
