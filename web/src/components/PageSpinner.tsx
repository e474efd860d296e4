import { Spin } from 'antd';

/** Shown in the content area while a page's chunk or data loads. */
export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="page-spinner" role="status" aria-live="polite" aria-label={label}>
      <Spin />
    </div>
  );
}
