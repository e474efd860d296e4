import type { QueryClient } from '@tanstack/react-query';
import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { useEffect } from 'react';
import { SessionProvider } from '../features/session/SessionProvider';
import { antdCsp } from '../lib/cspNonce';
import { installDialogFocusWrap } from '../lib/dialogFocus';
import { prefersReducedMotion } from '../lib/reducedMotion';
import { appTheme } from './theme';

/** Toasts (message, notification) close after 5 seconds. */
export const TOAST_DURATION_S = 5;

interface AppProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
}

/** Everything a screen needs around it (query client, antd, the session), except the router (tests bring a MemoryRouter). */
export function AppProviders({ queryClient, children }: AppProvidersProps) {
  const motion = !prefersReducedMotion();
  useEffect(installDialogFocusWrap, []);
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider csp={antdCsp} theme={appTheme(motion)}>
        <AntApp
          message={{ duration: TOAST_DURATION_S }}
          notification={{ duration: TOAST_DURATION_S }}
        >
          <SessionProvider>{children}</SessionProvider>
        </AntApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
