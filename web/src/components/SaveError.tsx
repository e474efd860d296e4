import type { ReactNode } from 'react';
import { errorMessage } from '../lib/api';
import { pendingApprovalId } from '../lib/pendingApproval';
import { FormError } from './FormError';
import { PendingApprovalAlert } from './PendingApprovalAlert';
import './SaveError.css';

interface SaveErrorProps {
  error: unknown;
  /** What the failure says; default: the server's message. */
  title?: ReactNode;
  description?: ReactNode;
}

/**
 * A failed save above a form's button or fields. A change that already waits for approval links to that request
 * (PendingApprovalAlert); any other failure says what went wrong.
 */
export function SaveError({ error, title, description }: SaveErrorProps) {
  const pending = pendingApprovalId(error);
  if (pending !== null) return <PendingApprovalAlert id={pending} className="save-error" />;
  return <FormError title={title ?? errorMessage(error)} description={description} />;
}
