import { ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { antdCsp } from '../lib/cspNonce';
import { prefersReducedMotion } from '../lib/reducedMotion';
import { appTheme } from './theme';

/** Toasts (message, notification) close after 5 seconds. */
export const TOAST_DURATION_S = 5;

/**
 * The key of the theme's CSS variables, the same for every AntdConfig: Ant Design names them after a `useId()` of
 * each ConfigProvider otherwise, so each one (the app, the toasts, the style warm-up, each in a React root of its
 * own) would write its own copy of every component's variables. They all hold the same theme.
 */
const CSS_VAR_KEY = 'css-var-xapa';

/**
 * Ant Design's settings, the same wherever its components render (the signed-in app, the toasts, the style
 * warm-up): the CSP nonce and the app's theme. The same settings give the same style keys, so styles computed in
 * one place serve the others.
 */
export function AntdConfig({ children }: { children: ReactNode }) {
  const motion = !prefersReducedMotion();
  return (
    <ConfigProvider csp={antdCsp} theme={{ ...appTheme(motion), cssVar: { key: CSS_VAR_KEY } }}>
      {children}
    </ConfigProvider>
  );
}
