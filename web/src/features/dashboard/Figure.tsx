import type { ReactNode } from 'react';

/** The big number of a widget, with a caption under it. */
export function Figure({ value, caption, label }: { value: ReactNode; caption?: ReactNode; label: string }) {
  return (
    <div className="dash-figure">
      <div className="dash-figure__value" aria-label={label}>
        {value}
      </div>
      {caption ? <div className="dash-figure__caption muted">{caption}</div> : null}
    </div>
  );
}
