import { SaveError } from '../../components/SaveError';
import { Button, Form, Input, InputNumber, Select } from 'antd';
import { isFailure } from '../../lib/sentForApproval';
import type { CoinType } from '../../lib/coinTypes';
import { CoinIcon } from './CoinIcon';
import { MIN_CONTRACT_LENGTH, MIN_MODIFY_NAME_LENGTH, MIN_SYMBOL_LENGTH } from './tokenRules';
import type { TokenFormValues } from './types';

interface TokenFormProps {
  /** The form's name: the fields' ids start with it (labels point at them). */
  name: string;
  initialValues?: TokenFormValues;
  /** Given for the Modify Token panel: a Blockchain dropdown of these chain coins comes first. */
  chains?: Pick<CoinType, 'id' | 'name' | 'icon'>[];
  submitLabel: string;
  canSubmit: (values: TokenFormValues, submitting: boolean) => boolean;
  submitting: boolean;
  /** The failed save, if any: its first field error (errors[0].message) shows above the button. */
  error: unknown;
  onSubmit: (values: TokenFormValues) => void;
}

const CONTRACT_HINT = `At least ${MIN_CONTRACT_LENGTH} characters.`;

/** The fields of the token panels and their button, enabled by `canSubmit`. */
export function TokenForm({ name, initialValues, chains, submitLabel, canSubmit, submitting, error, onSubmit }: TokenFormProps) {
  const [form] = Form.useForm<TokenFormValues>();
  const values = Form.useWatch([], form) ?? initialValues ?? {};
  const modify = chains !== undefined;
  return (
    <Form<TokenFormValues> form={form} name={name} layout="vertical" initialValues={initialValues} onFinish={onSubmit}>
      {chains ? (
        <Form.Item label="Blockchain" name="blockchain">
          <Select
            options={chains.map((chain) => ({
              value: chain.id,
              title: chain.name,
              label: (
                <span className="token-chain-option">
                  {chain.icon ? <CoinIcon src={chain.icon} size={16} /> : null} {chain.name}
                </span>
              ),
            }))}
          />
        </Form.Item>
      ) : null}
      <Form.Item label="Token Name" name="name" extra={modify ? `At least ${MIN_MODIFY_NAME_LENGTH} characters.` : undefined}>
        <Input autoComplete="off" autoFocus={!modify} />
      </Form.Item>
      <Form.Item label="Symbol" name="symbol" extra={`At least ${MIN_SYMBOL_LENGTH} characters.`}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item label="Decimals" name="decimals">
        <InputNumber min={0} precision={0} className="full-width" />
      </Form.Item>
      <Form.Item label="Main Contract Address" name="mainContract" extra={CONTRACT_HINT}>
        <Input autoComplete="off" spellCheck={false} />
      </Form.Item>
      <Form.Item label="Test Contract Address" name="testContract" extra={CONTRACT_HINT}>
        <Input autoComplete="off" spellCheck={false} />
      </Form.Item>
      <Form.Item label="Max Confirmation" name="maxConfirmation">
        <InputNumber min={0} precision={0} className="full-width" />
      </Form.Item>
      <Form.Item label="Min Spendable" name="minSpendable">
        <InputNumber<string> min="0" stringMode className="full-width" />
      </Form.Item>
      {isFailure(error) ? <SaveError error={error} /> : null}
      <Button type="primary" htmlType="submit" block disabled={!canSubmit(values, submitting)} loading={submitting}>
        {submitLabel}
      </Button>
    </Form>
  );
}
