import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input } from 'antd';
import type { FormRule } from 'antd';
import { useState } from 'react';
import { FormError } from '../../components/FormError';
import { errorMessage } from '../../lib/api';
import { NEW_PASSWORD_HELP, newPasswordProblem } from '../../lib/passwordPolicy';
import { showFieldErrors } from '../../lib/formErrors';
import { changePassword, securityKeys } from './securityApi';

export const PASSWORD_CHANGED =
  'Your password has been changed. Every other session of yours was signed out; this one stays signed in.';

interface PasswordValues {
  old: string;
  new: string;
  confirm: string;
}

/** The server's field names (`old`, `new`) are the form's. */
const SERVER_FIELDS = { old: 'old', new: 'new' } as const;

const NEW_RULES: FormRule[] = [
  { required: true, message: 'Enter a new password.' },
  {
    validator: (_, value: string | undefined) => {
      const problem = value ? newPasswordProblem(value) : undefined;
      return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
    },
  },
  ({ getFieldValue }) => ({
    validator: (_, value: string | undefined) =>
      value && value === getFieldValue('old')
        ? Promise.reject(new Error('The new password must differ from the current one.'))
        : Promise.resolve(),
  }),
];

const CONFIRM_RULES: FormRule[] = [
  { required: true, message: 'Enter the new password again.' },
  ({ getFieldValue }) => ({
    validator: (_, value: string | undefined) =>
      !value || value === getFieldValue('new') ? Promise.resolve() : Promise.reject(new Error('The two passwords differ.')),
  }),
];

/**
 * Change password: current, new and its confirmation. The screen checks what it can (lengths, the confirmation, a
 * new password that differs); the server decides, and its refusals show under the field they name. Success signs
 * out every other session (the list below reloads).
 */
export function ChangePasswordCard() {
  const [form] = Form.useForm<PasswordValues>();
  const queryClient = useQueryClient();
  const [changed, setChanged] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const change = useMutation({
    mutationFn: ({ old, new: next }: PasswordValues) => changePassword({ old, new: next }),
    onMutate: () => {
      setChanged(false);
      setFormError(null);
    },
    onSuccess: () => {
      form.resetFields();
      setChanged(true);
      void queryClient.invalidateQueries({ queryKey: securityKeys.own });
    },
    // A refusal naming a field shows under it; anything else (a lock, the server unreachable) above the form.
    onError: (error) => {
      if (!showFieldErrors(form, error, SERVER_FIELDS)) setFormError(errorMessage(error));
    },
  });

  return (
    <Card title="Change password" className="security__card" role="region" aria-label="Change password">
      {changed ? <Alert type="success" showIcon title={PASSWORD_CHANGED} className="security__result" /> : null}
      {formError ? <FormError title={formError} /> : null}
      <Form<PasswordValues>
        form={form}
        name="change-password"
        layout="vertical"
        className="security__form"
        requiredMark={false}
        onValuesChange={() => setChanged(false)}
        onFinish={(values) => change.mutate(values)}
      >
        <Form.Item label="Current password" name="old" rules={[{ required: true, message: 'Enter your current password.' }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item label="New password" name="new" rules={NEW_RULES} dependencies={['old']} extra={NEW_PASSWORD_HELP}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item label="Confirm new password" name="confirm" rules={CONFIRM_RULES} dependencies={['new']}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={change.isPending}>
          Change password
        </Button>
      </Form>
    </Card>
  );
}
