import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Switch, Typography } from 'antd';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { isFailure, isSentForApproval, sentForApprovalText, whenSentForApproval } from '../../lib/sentForApproval';
import { toast } from '../../lib/toast';
import { approvalKeys, policyQuery, savePolicy } from './approvalsApi';
import { changedActions } from './approvalRules';

export const POLICY_SAVED = 'Approval policy saved.';

/**
 * The policy (ADMIN_APPROVAL_POLICY): one switch per action of the catalogue, "needs a second person" or not, saved
 * with one button after a confirmation: the changed actions only. Saving may itself wait for approval (the policy
 * may cover it): the switches then go back to the policy in force, and a note says so.
 */
export function PolicyEditor() {
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const policy = useQuery(policyQuery);
  /** The switches moved since the last save (null: none). */
  const [draft, setDraft] = useState<Record<string, boolean> | null>(null);
  const saved = policy.data?.actions ?? {};
  const shown = { ...saved, ...draft };
  const changes = changedActions(saved, shown);
  const changedCount = Object.keys(changes).length;

  const save = useMutation({
    mutationFn: savePolicy,
    onSuccess: (reply) => {
      queryClient.setQueryData(approvalKeys.policy, reply);
      setDraft(null);
      toast.success(POLICY_SAVED);
    },
    onError: whenSentForApproval(() => setDraft(null)),
  });

  const labels = new Map(policy.data?.catalogue.map((action) => [action.key, action.label]));
  const confirmSave = () => {
    modal.confirm({
      title: 'Save the approval policy?',
      content: (
        <ul className="approval-policy__changes">
          {Object.entries(changes).map(([key, on]) => (
            <li key={key}>
              {labels.get(key) ?? key}: {on ? 'needs a second person' : 'no longer needs a second person'}
            </li>
          ))}
        </ul>
      ),
      okText: 'Save',
      cancelText: 'Cancel',
      onOk: () => save.mutateAsync(changes).catch(() => undefined),
    });
  };

  if (policy.isError) return <Alert type="error" showIcon title={`The policy could not be loaded: ${errorMessage(policy.error)}`} />;
  return (
    <div className="approval-policy">
      <Typography.Paragraph type="secondary">
        A change switched on here waits, unapplied, until another staff member who could make it approves it. While any
        change is switched on, a change of this policy waits for a second person too.
      </Typography.Paragraph>
      {isFailure(save.error) ? <Alert type="error" showIcon title={errorMessage(save.error)} className="approval-policy__note" /> : null}
      {isSentForApproval(save.error) ? <Alert type="info" showIcon title={sentForApprovalText(save.error)} className="approval-policy__note" /> : null}
      <ul className="approval-policy__list" aria-busy={policy.isPending}>
        {policy.data?.catalogue.map((action) => (
          <li key={action.key} className="approval-policy__item">
            <Switch
              id={`policy-${action.key}`}
              checked={shown[action.key] ?? false}
              disabled={save.isPending}
              onChange={(on) => setDraft((current) => ({ ...current, [action.key]: on }))}
            />
            <label htmlFor={`policy-${action.key}`}>{action.label}</label>
          </li>
        ))}
      </ul>
      <div className="approval-policy__actions">
        <Button type="primary" disabled={changedCount === 0} loading={save.isPending} onClick={confirmSave}>
          Save policy
        </Button>
        <Button disabled={changedCount === 0 || save.isPending} onClick={() => setDraft(null)}>
          Undo changes
        </Button>
        {changedCount > 0 ? (
          <Typography.Text type="secondary">{changedCount === 1 ? '1 change not saved' : `${changedCount} changes not saved`}</Typography.Text>
        ) : null}
      </div>
    </div>
  );
}
