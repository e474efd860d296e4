import { lazy, Suspense } from 'react';
import { FullPageSpinner } from '../components/FullPageSpinner';
import { useSession } from '../features/session/SessionContext';
import { lazyComponent } from '../lib/lazyComponent';
import AntdScope from './AntdScope';
import { loadAppShell } from './shellLoader';

const TwoFactorSetupScreen = lazy(() => import('../features/auth/twofactor/TwoFactorSetupScreen'));
const AccessDeniedScreen = lazy(() => import('../features/session/AccessDeniedScreen'));
const AppShell = lazyComponent(loadAppShell);

/**
 * What a signed-in user sees, whatever the path: the Google Authenticator set-up while it is off, Access
 * Denied without any permission, else the shell (which routes by the route table). Its own chunk, with Ant
 * Design's settings around it (signedInLoader.ts).
 */
export default function SignedInApp() {
  const { user } = useSession();
  if (!user) return null;

  let screen;
  if (!user.isGoogleAuthenticatorEnabled) screen = <TwoFactorSetupScreen />;
  else if (user.permissions.length === 0) screen = <AccessDeniedScreen />;
  else screen = <AppShell />;

  return (
    <AntdScope>
      <Suspense fallback={<FullPageSpinner />}>{screen}</Suspense>
    </AntdScope>
  );
}
