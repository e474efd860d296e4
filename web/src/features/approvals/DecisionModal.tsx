import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Form, Input, Modal, Typography } from 'antd';
import { FormError } from '../../components/FormError';
import { errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { approveRequest, explainRequest, rejectRequest } from './approvalsApi';
import { decisionErrorTitle, MAX_REASON, reasonProblem } from './approvalRules';
import type { Decision } from './approvalRules';
import type { ApprovalRequest } from './types';

export const APPROVED = 'Approved: the change is applied.';
export const REJECTED = 'Rejected: nothing was changed.';
export const EXPLAINED = 'Reason saved: whoever decides the request sees it.';

/** What each use of the dialog calls, says and shows. */
const USES = {
  approve: { call: approveRequest, verb: 'Approve', title: 'Approve the request', done: APPROVED,
    extra: 'Recorded in the audit log with the change.' },
  reject: { call: rejectRequest, verb: 'Reject', title: 'Reject the request', done: REJECTED,
    extra: 'Recorded in the audit log; the maker sees it.' },
  explain: { call: explainRequest, verb: 'Save reason', title: 'Your reason for the approver', done: EXPLAINED,
    extra: 'Shown to whoever decides the request, and recorded in the audit log with the change.' },
} as const;

interface DecisionModalProps {
  request: ApprovalRequest | null;
  decision: Decision;
  onClose: () => void;
}

/**
 * Approve or Reject a request, or (its maker) give its reason: a reason (required, 1 to 500 characters) and the call;
 * a decision asks for a fresh step-up by itself. Afterwards every list reloads (approving applies the change: roles, users, tokens… may differ). A
 * refusal stays in the dialog, with the server's words (403: one's own request or a missing permission; 409:
 * expired, decided already or its target changed).
 */
export function DecisionModal({ request, decision, onClose }: DecisionModalProps) {
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ reason: string }>();
  const use = USES[decision];
  const decide = useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) => use.call(id, reason),
    onSuccess: () => {
      toast.success(use.done);
      onClose();
    },
    // Whatever came of it, the lists and the badge show what is so now (an approved change touches other screens).
    onSettled: () => queryClient.invalidateQueries(),
  });
  return (
    <Modal
      open={request !== null}
      title={use.title}
      okText={use.verb}
      okButtonProps={{ htmlType: 'submit', danger: decision === 'reject', loading: decide.isPending }}
      onCancel={onClose}
      afterClose={() => decide.reset()}
      destroyOnHidden
      modalRender={(dom) => (
        <Form<{ reason: string }>
          form={form}
          name={`${decision}-request`}
          layout="vertical"
          clearOnDestroy
          onFinish={({ reason }) => request && decide.mutate({ id: request.id, reason: reason.trim() })}
        >
          {dom}
        </Form>
      )}
    >
      {decide.isError ? <FormError title={decisionErrorTitle(decide.error)} description={errorMessage(decide.error)} /> : null}
      {request ? (
        <Typography.Paragraph>
          <strong>{request.summary}</strong>, asked by {request.maker.email}.
        </Typography.Paragraph>
      ) : null}
      <Form.Item
        label="Reason"
        name="reason"
        required
        initialValue={decision === 'explain' ? (request?.maker_reason ?? '') : undefined}
        extra={use.extra}
        rules={[{ validator: (_, value: string | undefined) => {
          const problem = reasonProblem(value ?? '');
          return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
        } }]}
      >
        <Input.TextArea rows={3} maxLength={MAX_REASON} showCount autoFocus />
      </Form.Item>
    </Modal>
  );
}
