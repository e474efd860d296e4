import { Spinner } from './Spinner';

interface FullPageSpinnerProps {
  /** Read by screen readers; not shown. */
  label?: string;
}

/** Covers the page while something the whole screen depends on loads (route chunks, the current user). */
export function FullPageSpinner({ label = 'Loading' }: FullPageSpinnerProps) {
  return (
    <div className="full-page-spinner" role="status" aria-live="polite" aria-label={label}>
      <Spinner size="large" />
    </div>
  );
}
