import { useMutation } from '@tanstack/react-query';
import { Button, Popconfirm } from 'antd';
import { errorMessage } from '../../lib/api';
import { formatDateTimeUtc } from '../../lib/dateDisplay';
import { toast } from '../../lib/toast';
import { deviceName } from './sessionText';
import type { SessionRow } from './types';

export const SESSION_REVOKED = 'The session has been signed out.';

interface RevokeSessionButtonProps {
  session: SessionRow;
  /** The call that ends it (one's own, or any staff member's). */
  revoke: (id: number) => Promise<void>;
  /** Whose session it is, for the confirmation ("dana@xapa.example's session"); default: the caller's. */
  owner?: string;
  /** After the call, whether it ended the session or found it already gone: the list reloads. */
  onSettled: () => unknown;
}

/** Revoke, after a confirmation: that device is signed out at its next call. */
export function RevokeSessionButton({ session, revoke, owner, onSettled }: RevokeSessionButtonProps) {
  const end = useMutation({
    mutationFn: () => revoke(session.id),
    onSuccess: () => toast.success(SESSION_REVOKED),
    onError: (error) => toast.error(errorMessage(error)),
    onSettled,
  });
  const where = `${deviceName(session)} from ${session.ip || 'an unknown address'}`;
  const signedIn = formatDateTimeUtc(session.createdAt);
  return (
    <Popconfirm
      title={owner ? `Revoke ${owner}'s session?` : 'Revoke this session?'}
      description={`${where} (signed in ${signedIn}) will be signed out.`}
      okText="Revoke"
      okButtonProps={{ danger: true }}
      cancelText="Cancel"
      rootClassName="session-confirm"
      onConfirm={() => end.mutateAsync().catch(() => undefined)}
    >
      <Button size="small" danger loading={end.isPending} aria-label={`Revoke the session signed in ${signedIn} from ${session.ip || 'an unknown address'}`}>
        Revoke
      </Button>
    </Popconfirm>
  );
}
