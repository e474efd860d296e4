import { useMutation } from '@tanstack/react-query';
import { Button, Form, Input, Modal, Typography } from 'antd';
import type { InputRef } from 'antd';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { errorMessage, isApiError } from '../../lib/api';
import { PasskeyStepUp } from './PasskeyStepUp';
import { stepUp } from './stepUpApi';
import { otherMethod, STEP_UP_METHODS, type StepUpMethod } from './stepUpCode';
import './stepUp.css';

export const STEP_UP_TITLE = "Confirm it's you";
const FIELD_ID = 'step-up-code';
const MESSAGE_ID = `${FIELD_ID}-message`;

/** What a refused step-up says: the field's message (a wrong or used code), else the reply's (a lock, 429). */
function refusal(error: unknown): string {
  if (isApiError(error) && error.status === 400) return error.firstErrorMessage();
  if (isApiError(error)) return error.message;
  return errorMessage(error);
}

interface StepUpModalProps {
  open: boolean;
  /** The session stepped up: the calls waiting for it go again. */
  onSteppedUp: () => void;
  /** The user gave up (Cancel, Esc, the close button): the calls waiting are refused. */
  onCancel: () => void;
}

/**
 * The step-up prompt: a sensitive call was refused for want of a second factor given in the last 5 minutes. It
 * asks for a current authenticator code (six digits, sent by itself at the sixth) or, behind a link, a recovery
 * code, and calls `POST /api/user/step-up`; a refusal (wrong or used code, too many tries) shows under the field.
 * Where the account has a passkey, "Use a passkey" above the field answers instead (PasskeyStepUp). Enter
 * confirms, Esc cancels.
 */
export function StepUpModal({ open, onSteppedUp, onCancel }: StepUpModalProps) {
  const inputRef = useRef<InputRef>(null);
  return (
    <Modal
      open={open}
      title={STEP_UP_TITLE}
      onCancel={onCancel}
      // The field, not the dialog, takes the focus once it shows (over another dialog too).
      afterOpenChange={(opened) => {
        if (opened) inputRef.current?.focus();
      }}
      footer={null}
      destroyOnHidden
      width={420}
      // Above any modal or drawer the refused call came from.
      zIndex={2000}
    >
      <StepUpForm inputRef={inputRef} onSteppedUp={onSteppedUp} onCancel={onCancel} />
    </Modal>
  );
}

interface StepUpFormProps extends Omit<StepUpModalProps, 'open'> {
  inputRef: RefObject<InputRef | null>;
}

/** The state of the step-up form: the method, the code typed, and the call that confirms it. */
function useStepUpForm(inputRef: RefObject<InputRef | null>, onSteppedUp: () => void) {
  const [method, setMethod] = useState<StepUpMethod>('authenticator');
  const [code, setCode] = useState('');
  const [incomplete, setIncomplete] = useState(false);
  const spec = STEP_UP_METHODS[method];

  const confirm = useMutation({
    mutationFn: stepUp,
    onSuccess: () => onSteppedUp(),
    // Let the user type over the refused code at once.
    onError: () => inputRef.current?.focus({ cursor: 'all' }),
  });

  useEffect(() => {
    inputRef.current?.focus();
  }, [inputRef, method]);

  const submit = (value: string) => {
    if (confirm.isPending) return;
    if (!spec.complete(value)) {
      setIncomplete(true);
      inputRef.current?.focus();
      return;
    }
    confirm.mutate(value);
  };

  let problem: string | undefined;
  if (incomplete) problem = spec.incomplete;
  else if (confirm.isError) problem = refusal(confirm.error);

  const change = (value: string) => {
    const next = spec.normalize(value);
    setCode(next);
    setIncomplete(false);
    if (confirm.isError) confirm.reset();
    // Six digits: sent at once, as at sign-in.
    if (method === 'authenticator' && spec.complete(next) && next !== code) submit(next);
  };
  const switchMethod = () => {
    setMethod(otherMethod(method));
    setCode('');
    setIncomplete(false);
    confirm.reset();
  };
  return { method, code, spec, confirm, problem, submit, change, switchMethod };
}

function StepUpForm({ inputRef, onSteppedUp, onCancel }: StepUpFormProps) {
  const { method, code, spec, confirm, problem, submit, change, switchMethod } = useStepUpForm(inputRef, onSteppedUp);
  return (
    <Form
      layout="vertical"
      name="step-up"
      requiredMark={false}
      onFinish={() => submit(code)}
      aria-label="Confirm with your second factor"
    >
      <PasskeyStepUp onSteppedUp={onSteppedUp} disabled={confirm.isPending} />
      <Typography.Paragraph>{spec.intro}</Typography.Paragraph>
      <Form.Item
        label={spec.label}
        htmlFor={FIELD_ID}
        validateStatus={problem ? 'error' : undefined}
        help={problem ? <span id={MESSAGE_ID} role="alert">{problem}</span> : undefined}
      >
        <Input
          id={FIELD_ID}
          ref={inputRef}
          className="step-up__code"
          value={code}
          onChange={(event) => change(event.target.value)}
          inputMode={spec.inputMode}
          autoComplete={spec.autoComplete}
          autoCapitalize={method === 'recovery' ? 'characters' : undefined}
          spellCheck={false}
          placeholder={spec.placeholder}
          maxLength={spec.maxLength}
          size="large"
          readOnly={confirm.isPending}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? MESSAGE_ID : undefined}
          autoFocus
        />
      </Form.Item>
      <Button
        type="link"
        className="step-up__switch"
        onClick={switchMethod}
        disabled={confirm.isPending}
      >
        {STEP_UP_METHODS[otherMethod(method)].switchTo}
      </Button>
      <div className="step-up__actions">
        <Button onClick={onCancel}>Cancel</Button>
        <Button type="primary" htmlType="submit" loading={confirm.isPending}>
          Confirm
        </Button>
      </div>
    </Form>
  );
}
