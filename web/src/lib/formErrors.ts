import type { FormInstance } from 'antd';
import { isApiError } from './api';

/**
 * Puts a refusal's field errors (`errors[{field, message}]`) under the form's own fields, `fieldNames` mapping the
 * server's names to the form's. Returns whether any was placed: when none was, the screen shows the message above
 * the form instead.
 */
export function showFieldErrors<Values>(
  form: FormInstance<Values>,
  error: unknown,
  fieldNames: Partial<Record<string, keyof Values & string>>,
): boolean {
  if (!isApiError(error)) return false;
  const placed = error.errors.flatMap(({ field, message }) => {
    const name = fieldNames[field];
    return name ? [{ name, errors: [message] }] : [];
  });
  form.setFields(placed as Parameters<FormInstance<Values>['setFields']>[0]);
  return placed.length > 0;
}
