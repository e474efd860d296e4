import { ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { antdCsp } from '../lib/cspNonce';
import { prefersReducedMotion } from '../lib/reducedMotion';
import { appTheme } from './theme';

/** Toasts (message, notification) close after 5 seconds. */
export const TOAST_DURATION_S = 5;

/**
 * Ant Design's settings, the same wherever its components render (the signed-in app, the toasts, the style
 * warm-up): the CSP nonce and the app's theme. The same settings give the same style keys, so styles computed in
 * one place serve the others.
 */
export function AntdConfig({ children }: { children: ReactNode }) {
  const motion = !prefersReducedMotion();
  return (
    <ConfigProvider csp={antdCsp} theme={appTheme(motion)}>
      {children}
    </ConfigProvider>
  );
}
