import type { ThemeConfig } from 'antd';

/**
 * The app's colours, chosen so that text meets WCAG AA contrast (4.5:1) on white, as axe-core checks in the browser
 * suite (e2e/tests/a11y.spec.ts): Ant Design's default blue (#1677ff, 4.0:1) and its light greys (45% black, 3.4:1)
 * do not. The blue is Ant Design's own darker step of the same hue (blue-7).
 */
export const APP_COLORS = {
  primary: '#0958d9',
  /** Hovered and pressed blue: darker still (blue-8), where the default lightens below 4.5:1. */
  primaryHover: '#003eb3',
  /** Errors and destructive buttons: red-7 (5.4:1); the default #ff4d4f is 3.3:1. */
  error: '#cf1322',
  /** Secondary text: captions, hints, axis labels (62% black, 5.9:1 on white). */
  muted: 'rgba(0, 0, 0, 0.62)',
} as const;

export function appTheme(motion: boolean): ThemeConfig {
  return {
    token: {
      motion,
      colorPrimary: APP_COLORS.primary,
      colorPrimaryHover: APP_COLORS.primaryHover,
      colorPrimaryActive: APP_COLORS.primaryHover,
      colorLink: APP_COLORS.primary,
      colorLinkHover: APP_COLORS.primaryHover,
      colorLinkActive: APP_COLORS.primaryHover,
      colorInfo: APP_COLORS.primary,
      colorTextTertiary: APP_COLORS.muted,
      colorTextDescription: APP_COLORS.muted,
      colorTextPlaceholder: APP_COLORS.muted,
      colorError: APP_COLORS.error,
    },
  };
}
