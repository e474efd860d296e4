import type { MouseEventHandler, ReactNode } from 'react';
import { LoadingIcon } from './lightIcons';
import './light.css';

interface LightButtonProps {
  children: ReactNode;
  /** 'primary' (filled blue), 'default' (outlined) or 'link' (blue text). */
  variant?: 'primary' | 'default' | 'link';
  /** 'large': 40 px high, 16 px text (Ant Design's large); else 32 px, 14 px. */
  size?: 'large';
  /** The full width of its container. */
  block?: boolean;
  type?: 'button' | 'submit';
  /** Shows a spinning icon and ignores clicks (the button stays focusable and enabled, as Ant Design's). */
  loading?: boolean;
  disabled?: boolean;
  title?: string;
  onClick?: MouseEventHandler<HTMLButtonElement>;
}

/**
 * A button drawn like Ant Design's (light.css), for the signed-out screens: the sign-in page loads no Ant Design.
 * While `loading`, a click does nothing (a submit button does not submit again) and `aria-busy` is set.
 */
export function LightButton({
  children,
  variant = 'default',
  size,
  block,
  type = 'button',
  loading,
  disabled,
  title,
  onClick,
}: LightButtonProps) {
  const className = [
    'light-btn',
    `light-btn--${variant}`,
    size === 'large' ? 'light-btn--large' : null,
    block ? 'light-btn--block' : null,
    loading ? 'light-btn--loading' : null,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <button
      type={type}
      className={className}
      disabled={disabled}
      title={title}
      aria-busy={loading || undefined}
      onClick={(event) => {
        if (loading) {
          event.preventDefault();
          return;
        }
        onClick?.(event);
      }}
    >
      {loading ? (
        <span className="light-btn__icon">
          <LoadingIcon />
        </span>
      ) : null}
      <span>{children}</span>
    </button>
  );
}
