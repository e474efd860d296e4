import type { QueryClient } from '@tanstack/react-query';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { SessionProvider } from '../features/session/SessionProvider';
import { StepUpHost } from './StepUpHost';
import { ToastHost } from './ToastHost';

interface AppProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
}

/**
 * What every page needs around it (query client, the session, the toasts, the step-up prompt), except the router (tests bring a
 * MemoryRouter) and Ant Design's settings: those wrap only the screens built with it (AntdScope.tsx), so that
 * the sign-in page loads no Ant Design.
 */
export function AppProviders({ queryClient, children }: AppProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>{children}</SessionProvider>
      <ToastHost />
      <StepUpHost />
    </QueryClientProvider>
  );
}
