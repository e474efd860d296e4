import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Form, Input, Modal, Typography } from 'antd';
import { FormError } from '../../components/FormError';
import { errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { discardLetter, integrationKeys } from './integrationApi';
import type { Letter } from './integrationApi';

export const DISCARDED = 'Discarded: the event is gone for good, and the audit log says why.';
export const MAX_DISCARD_REASON = 500;

interface DiscardModalProps {
  letter: Letter | null;
  onClose: () => void;
}

/**
 * Discard an event kept aside for good: a reason (required, at most 500 characters) and the call, which asks for a
 * fresh step-up by itself. A refusal stays in the dialog with the server's words.
 */
export function DiscardModal({ letter, onClose }: DiscardModalProps) {
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ reason: string }>();
  const discard = useMutation({
    mutationFn: (reason: string) => discardLetter(letter?.id ?? 0, reason),
    onSuccess: () => {
      toast.success(DISCARDED);
      form.resetFields();
      onClose();
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: integrationKeys.all }),
  });
  return (
    <Modal
      open={letter !== null}
      title="Discard the event"
      okText="Discard"
      okButtonProps={{ danger: true, loading: discard.isPending }}
      onOk={() => form.submit()}
      onCancel={() => {
        discard.reset();
        onClose();
      }}
      destroyOnHidden
    >
      <Typography.Paragraph>
        {letter ? `${letter.type} ${letter.eventId} from ${letter.source}` : ''} will not be applied. Recorded in the audit log
        with your reason.
      </Typography.Paragraph>
      {discard.isError ? <FormError title={errorMessage(discard.error)} /> : null}
      <Form form={form} layout="vertical" onFinish={({ reason }) => discard.mutate(reason.trim())}>
        <Form.Item
          name="reason"
          label="Reason"
          rules={[
            { required: true, whitespace: true, message: 'Give the reason for discarding this event.' },
            { max: MAX_DISCARD_REASON, message: `At most ${MAX_DISCARD_REASON} characters.` },
          ]}
        >
          <Input.TextArea autoFocus rows={3} maxLength={MAX_DISCARD_REASON} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
