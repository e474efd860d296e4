import { Field } from './Field';
import { fieldMessageId } from './fieldMessageId';
import { PasswordInput } from './TextInput';

/** The words under a confirmation that differs from its password. */
export const PASSWORDS_DIFFER = 'The two passwords differ.';

interface ConfirmPasswordFieldProps {
  id: string;
  label: string;
  /** The password this one must repeat. */
  password: string;
  value: string;
  onChange: (value: string) => void;
  size?: 'large';
}

/**
 * A password's confirmation, on the light (Ant Design-free) auth pages: one that differs says so under it once
 * something is typed.
 */
export function ConfirmPasswordField({ id, label, password, value, onChange, size }: ConfirmPasswordFieldProps) {
  const mismatch = value !== '' && value !== password;
  return (
    <Field id={id} label={label} error={mismatch ? PASSWORDS_DIFFER : undefined}>
      <PasswordInput
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        autoComplete="new-password"
        status={mismatch ? 'error' : undefined}
        aria-invalid={mismatch || undefined}
        aria-describedby={mismatch ? fieldMessageId(id) : undefined}
        size={size}
      />
    </Field>
  );
}
