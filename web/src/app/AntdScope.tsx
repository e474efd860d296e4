import { App as AntApp } from 'antd';
import type { ReactNode } from 'react';
import { useEffect } from 'react';
import { installDialogFocusWrap } from '../lib/dialogFocus';
import { AntdConfig, TOAST_DURATION_S } from './antdConfig';

/**
 * Around every screen built with Ant Design (the signed-in app, the session error screen): its settings
 * (AntdConfig) and its App (base font and colours, `App.useApp()` for modals). Not around the sign-in pages,
 * which use the light components and load no Ant Design; toasts come from lib/toast.ts everywhere.
 */
export default function AntdScope({ children }: { children: ReactNode }) {
  useEffect(installDialogFocusWrap, []);
  return (
    <AntdConfig>
      <AntApp message={{ duration: TOAST_DURATION_S }} notification={{ duration: TOAST_DURATION_S }}>
        {children}
      </AntApp>
    </AntdConfig>
  );
}
