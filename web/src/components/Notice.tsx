import type { ReactNode } from 'react';
import { StatusIcon } from './lightIcons';
import './light.css';

/**
 * A one-line message box with an icon, drawn like Ant Design's `<Alert showIcon>` (light.css) for the signed-out
 * screens, which load no Ant Design. role="alert", as Ant Design's: screen readers announce it when it appears.
 */
export function Notice({ type, title }: { type: 'info' | 'error' | 'success'; title: ReactNode }) {
  return (
    <div className={`notice notice--${type}`} role="alert">
      <span className="notice__icon">
        <StatusIcon type={type} />
      </span>
      <div className="notice__title">{title}</div>
    </div>
  );
}
