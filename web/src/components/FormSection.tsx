import type { ReactNode } from 'react';
import './FormSection.css';

interface FormSectionProps {
  /** The section's name (a <legend>: screen readers announce it with each field inside). */
  title: ReactNode;
  className?: string;
  children: ReactNode;
}

/** A titled group of form fields in a light frame: a <fieldset> with its <legend>. */
export function FormSection({ title, className, children }: FormSectionProps) {
  return (
    <fieldset className={className ? `form-section ${className}` : 'form-section'}>
      <legend className="form-section__title">{title}</legend>
      {children}
    </fieldset>
  );
}
