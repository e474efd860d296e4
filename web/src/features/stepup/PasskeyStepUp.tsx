import { useMutation, useQuery } from '@tanstack/react-query';
import { KeyOutlined } from '@ant-design/icons';
import { Button, Divider, Typography } from 'antd';
import { passkeyErrorMessage, passkeysQuery, passkeysSupported, stepUpWithPasskey } from '../../lib/passkeys';

interface PasskeyStepUpProps {
  /** The session stepped up with a passkey. */
  onSteppedUp: () => void;
  /** A code is being checked: the passkey waits. */
  disabled: boolean;
}

/**
 * The step-up prompt's passkey choice: shown when the browser offers passkeys and the account has one. The
 * browser's own prompt asks for it; a refusal or a closed prompt shows under the button, and the code field
 * below stays there as the other way.
 */
export function PasskeyStepUp({ onSteppedUp, disabled }: PasskeyStepUpProps) {
  const supported = passkeysSupported();
  const passkeys = useQuery({ ...passkeysQuery, enabled: supported });
  const confirm = useMutation({ mutationFn: stepUpWithPasskey, onSuccess: () => onSteppedUp() });
  if (!supported || !passkeys.data?.passkeys.length) return null;
  return (
    <div className="step-up__passkey">
      <Button block size="large" icon={<KeyOutlined />} loading={confirm.isPending} disabled={disabled}
        onClick={() => confirm.mutate()}>
        Use a passkey
      </Button>
      {confirm.isError && (
        <Typography.Paragraph type="danger" role="alert" className="step-up__passkey-error">
          {passkeyErrorMessage(confirm.error)}
        </Typography.Paragraph>
      )}
      <Divider plain>or enter a code</Divider>
    </div>
  );
}
