import './light.css';

/**
 * Ant Design's Spin indicator (four dots turning, in the primary colour) in plain CSS (light.css): the full-page
 * spinner shows before any screen, and the sign-in page loads no Ant Design. Decorative: the caller names the wait.
 */
export function Spinner({ size }: { size?: 'small' | 'large' }) {
  return (
    <span className={`light-spinner${size ? ` light-spinner--${size}` : ''}`} aria-hidden="true">
      <i />
      <i />
      <i />
      <i />
    </span>
  );
}
