import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Popconfirm, Typography } from 'antd';
import { FormError } from '../../components/FormError';
import { errorMessage } from '../../lib/api';
import { useSession } from '../session/SessionContext';
import { newRecoveryCodes, recoveryCodesQuery, securityKeys } from './securityApi';

export const CODES_SHOWN_ONCE =
  'Keep these codes somewhere safe, away from your phone: each signs you in once in place of an authenticator code. They are shown only now.';

/** How many unused codes remain, in words. */
function remainingText(remaining: number): string {
  if (remaining === 0) return 'You have no recovery codes.';
  return `${remaining} unused recovery code${remaining === 1 ? '' : 's'} left.`;
}

/**
 * Recovery codes: how many remain, and ten new ones (replacing the old) shown once, to sign in or confirm a
 * sensitive change when the phone is lost. Making them asks for a fresh second factor (the step-up prompt).
 */
export function RecoveryCodesCard() {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const enabled = user?.isGoogleAuthenticatorEnabled ?? false;
  const left = useQuery({ ...recoveryCodesQuery, enabled });
  const create = useMutation({
    mutationFn: newRecoveryCodes,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: securityKeys.recoveryCodes }),
  });

  let body;
  if (!enabled) {
    body = <p className="security__card-note">Recovery codes stand in for an authenticator: set one up first.</p>;
  } else {
    body = (
      <>
        <p className="security__card-note" aria-live="polite">
          {left.data ? remainingText(left.data.remaining) : left.isError ? null : 'Counting your recovery codes…'}
        </p>
        {left.isError ? <FormError title={`The codes could not be counted: ${errorMessage(left.error)}`} /> : null}
        {create.isError ? <FormError title={errorMessage(create.error)} /> : null}
        {create.data ? (
          <>
            <Alert type="warning" showIcon className="security__result" title={CODES_SHOWN_ONCE} />
            <ol className="recovery-codes" aria-label="Your new recovery codes">
              {create.data.codes.map((code) => (
                <li key={code}>
                  <Typography.Text code copyable={{ text: code }}>
                    {code}
                  </Typography.Text>
                </li>
              ))}
            </ol>
          </>
        ) : null}
        <Popconfirm
          title="Make new recovery codes?"
          description="Your earlier codes stop working."
          okText="Make new codes"
          cancelText="Cancel"
          onConfirm={() => create.mutate()}
        >
          <Button loading={create.isPending}>{left.data?.remaining ? 'Replace recovery codes' : 'Make recovery codes'}</Button>
        </Popconfirm>
      </>
    );
  }
  return (
    <Card title="Recovery codes" className="security__card" role="region" aria-label="Recovery codes">
      {body}
    </Card>
  );
}
