import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Popconfirm, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import { errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { RevokeSessionButton } from './RevokeSessionButton';
import { ownSessionsQuery, revokeOtherSessions, revokeOwnSession, securityKeys } from './securityApi';
import { sessionColumns } from './sessionColumns';
import { othersRevokedText } from './sessionText';
import type { OwnSession } from './types';

/** "Sign out all other sessions", after a confirmation; says how many ended. */
function SignOutOthersButton({ onSettled }: { onSettled: () => unknown }) {
  const signOutOthers = useMutation({
    mutationFn: revokeOtherSessions,
    onSuccess: ({ revoked }) => toast.success(othersRevokedText(revoked)),
    onError: (error) => toast.error(errorMessage(error)),
    onSettled,
  });
  return (
    <Popconfirm
      title="Sign out all other sessions?"
      description="Every other device signed in to your account, and any sign-in under way elsewhere, will be signed out. This one stays signed in."
      okText="Sign out others"
      okButtonProps={{ danger: true }}
      cancelText="Cancel"
      onConfirm={() => signOutOthers.mutateAsync().catch(() => undefined)}
    >
      <Button loading={signOutOthers.isPending}>Sign out all other sessions</Button>
    </Popconfirm>
  );
}

/**
 * "Your sessions": the caller's signed-in devices, newest first, this one tagged. Each other one can be revoked;
 * this one is left to Logout (the account menu).
 */
export function OwnSessionsCard() {
  const query = useQuery(ownSessionsQuery);
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: securityKeys.own });
  const columns: TableColumnsType<OwnSession> = [
    ...sessionColumns<OwnSession>((s) => s.current),
    {
      key: 'revoke',
      title: 'Revoke',
      render: (_, s) => (s.current ? null : <RevokeSessionButton session={s} revoke={revokeOwnSession} onSettled={reload} />),
    },
  ];
  return (
    <Card
      title="Your sessions"
      className="security__card"
      role="region"
      aria-label="Your sessions"
      extra={<SignOutOthersButton onSettled={reload} />}
    >
      <p className="security__card-note">
        The devices signed in to your account. Revoke one you do not recognise, then change your password.
      </p>
      {query.isError ? <Alert type="error" showIcon title={errorMessage(query.error)} className="sessions__error" /> : null}
      <Table<OwnSession>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={query.data?.sessions ?? []}
        loading={query.isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: 'No sessions' }}
      />
    </Card>
  );
}
