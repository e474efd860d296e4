import type { ReactNode } from 'react';
import { fieldMessageId } from './fieldMessageId';

interface FieldProps {
  /** The id of the control inside: the label points at it, and `<id>-message` describes it. */
  id: string;
  label: ReactNode;
  /** A problem with the value: shown in red and announced. */
  error?: ReactNode;
  /** A hint, shown when there is no error. */
  help?: ReactNode;
  children: ReactNode;
}

/**
 * A labelled form field: a light stand-in for antd's Form.Item on the sign-in screens, whose JavaScript has to
 * stay small (see web/README.md). Give the control `id`, `aria-describedby={fieldMessageId(id)}` and
 * `aria-invalid` when there is an error.
 */
export function Field({ id, label, error, help, children }: FieldProps) {
  const message = error ?? help;
  return (
    <div className={`field${error ? ' field--error' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children}
      {message ? (
        <div className="field__message" id={fieldMessageId(id)} role={error ? 'alert' : undefined}>
          {message}
        </div>
      ) : null}
    </div>
  );
}
