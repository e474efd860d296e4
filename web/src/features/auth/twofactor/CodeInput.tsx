
import type { Ref } from 'react';
import { CODE_LENGTH, normalizeCode } from './code';
import { TextInput } from '../../../components/TextInput';

interface CodeInputProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  /** Called once the 6th character is typed or pasted: the form submits itself. */
  onComplete: (code: string) => void;
  disabled?: boolean;
  /** While the code is being checked. */
  readOnly?: boolean;
  invalid?: boolean;
  describedBy?: string;
  autoFocus?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}

/** The 6-character code field; it submits by itself at the 6th character. */
export function CodeInput({
  id,
  value,
  onChange,
  onComplete,
  disabled,
  readOnly,
  invalid,
  describedBy,
  autoFocus,
  inputRef,
}: CodeInputProps) {
  return (
    <TextInput
      id={id}
      ref={inputRef}
      className="code-input"
      value={value}
      onChange={(event) => {
        const next = normalizeCode(event.target.value);
        onChange(next);
        if (next.length === CODE_LENGTH && next !== value) onComplete(next);
      }}
      inputMode="numeric"
      autoComplete="one-time-code"
      placeholder="123456"
      size="large"
      disabled={disabled}
      readOnly={readOnly}
      status={invalid ? 'error' : undefined}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      autoFocus={autoFocus}
    />
  );
}
