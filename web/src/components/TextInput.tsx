import type { ChangeEventHandler, HTMLAttributes, Ref } from 'react';
import { useState } from 'react';
import './light.css';

/**
 * Plain text and password inputs for the signed-out screens, styled like Ant Design's (light.css), without its
 * JavaScript: the sign-in page loads no Ant Design at all (its budget, web/README.md). A ref reaches the <input>.
 */
export interface TextInputProps {
  id?: string;
  value: string;
  onChange: ChangeEventHandler<HTMLInputElement>;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  placeholder?: string;
  /** 'large' is 40 px high with 16 px text (Ant Design's large); the default is 32 px with 14 px text. */
  size?: 'large';
  /** 'error' draws the red border. */
  status?: 'error';
  autoFocus?: boolean;
  disabled?: boolean;
  readOnly?: boolean;
  className?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  ref?: Ref<HTMLInputElement>;
}

function inputClass(base: string, { size, status, disabled, className }: Pick<TextInputProps, 'size' | 'status' | 'disabled' | 'className'>) {
  return [
    base,
    size === 'large' ? `${base}--large` : null,
    status === 'error' ? `${base}--error` : null,
    disabled ? `${base}--disabled` : null,
    className,
  ]
    .filter(Boolean)
    .join(' ');
}

export function TextInput({ size, status, className, type = 'text', ...props }: TextInputProps) {
  return <input {...props} type={type} className={inputClass('text-input', { size, status, disabled: props.disabled, className })} />;
}

/** A password input with a Show/Hide button at its end (the button is a real button: Tab reaches it). */
export function PasswordInput({ size, status, className, type: _type, ...props }: TextInputProps) {
  const [visible, setVisible] = useState(false);
  return (
    <span className={inputClass('text-input-wrapper', { size, status, disabled: props.disabled, className })}>
      <input {...props} type={visible ? 'text' : 'password'} className="text-input-wrapper__input" />
      <button
        type="button"
        className="text-input-wrapper__toggle"
        aria-label="Show password"
        aria-pressed={visible}
        disabled={props.disabled}
        onClick={() => setVisible((v) => !v)}
      >
        {visible ? <EyeIcon /> : <EyeInvisibleIcon />}
      </button>
    </span>
  );
}

/** Ant Design's eye icons (@ant-design/icons-svg, MIT), inline: the icon package would cost the page its runtime. */
function EyeIcon() {
  return (
    <svg viewBox="64 64 896 896" width="1em" height="1em" fill="currentColor" aria-hidden="true" focusable="false">
      <path d="M942.2 486.2C847.4 286.5 704.1 186 512 186c-192.2 0-335.4 100.5-430.2 300.3a60.3 60.3 0 000 51.5C176.6 737.5 319.9 838 512 838c192.2 0 335.4-100.5 430.2-300.3 7.7-16.2 7.7-35 0-51.5zM512 766c-161.3 0-279.4-81.8-362.7-254C232.6 339.8 350.7 258 512 258c161.3 0 279.4 81.8 362.7 254C791.5 684.2 673.4 766 512 766zm-4-430c-97.2 0-176 78.8-176 176s78.8 176 176 176 176-78.8 176-176-78.8-176-176-176zm0 288c-61.9 0-112-50.1-112-112s50.1-112 112-112 112 50.1 112 112-50.1 112-112 112z" />
    </svg>
  );
}

function EyeInvisibleIcon() {
  return (
    <svg viewBox="64 64 896 896" width="1em" height="1em" fill="currentColor" aria-hidden="true" focusable="false">
      <path d="M942.2 486.2Q889.47 375.11 816.7 305l-50.88 50.88C807.31 395.53 843.45 447.4 874.7 512 791.5 684.2 673.4 766 512 766q-72.67 0-133.87-22.38L323 798.75Q408 838 512 838q288.3 0 430.2-300.3a60.29 60.29 0 000-51.5zm-63.57-320.64L836 122.88a8 8 0 00-11.32 0L715.31 232.2Q624.86 186 512 186q-288.3 0-430.2 300.3a60.3 60.3 0 000 51.5q56.69 119.4 136.5 191.41L112.48 835a8 8 0 000 11.31L155.17 889a8 8 0 0011.31 0l712.15-712.12a8 8 0 000-11.32zM149.3 512C232.6 339.8 350.7 258 512 258c54.54 0 104.13 9.36 149.12 28.39l-70.3 70.3a176 176 0 00-238.13 238.13l-83.42 83.42C223.1 637.49 183.3 582.28 149.3 512zm246.7 0a112.11 112.11 0 01146.2-106.69L401.31 546.2A112 112 0 01396 512z" />
      <path d="M508 624c-3.46 0-6.87-.16-10.25-.47l-52.82 52.82a176.09 176.09 0 00227.42-227.42l-52.82 52.82c.31 3.38.47 6.79.47 10.25a111.94 111.94 0 01-112 112z" />
    </svg>
  );
}
