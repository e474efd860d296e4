import { MailOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Button } from 'antd';
import { errorMessage } from '../../lib/api';
import { sendVerificationMail } from './profileApi';
import { toast } from '../../lib/toast';

/** Resends the verification mail: a success toast with the server's status, else an error toast with its text. */
export function ResendVerificationButton({ userId }: { userId: number }) {
  const mutation = useMutation({
    mutationFn: () => sendVerificationMail(userId),
    onSuccess: ({ status }) => toast.success(status),
    onError: (error) => toast.error(errorMessage(error)),
  });
  return (
    <Button icon={<MailOutlined />} loading={mutation.isPending} onClick={() => mutation.mutate()}>
      Resend Verification Email
    </Button>
  );
}
