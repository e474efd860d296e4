import type { ComponentType } from 'react';
import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { FullPageSpinner } from '../components/FullPageSpinner';
import { useSession } from '../features/session/SessionContext';
import { lazyComponent } from '../lib/lazyComponent';
import { signInPrefetch } from './prefetch';
import { loadSignedInApp } from './signedInLoader';

/** A lazy screen built with Ant Design: its chunk and AntdScope's load together, and AntdScope wraps it. */
function lazyAntdScreen(importer: () => Promise<{ default: ComponentType }>) {
  return lazy(async () => {
    const [{ default: Screen }, { default: AntdScope }] = await Promise.all([importer(), import('./AntdScope')]);
    return {
      default: function AntdScreen() {
        return (
          <AntdScope>
            <Screen />
          </AntdScope>
        );
      },
    };
  });
}

// Each screen is its own chunk: the sign-in pages load only what they need (no shell, no menu, no Ant Design).
const AdminLoginPage = lazy(() => import('../features/auth/AdminLoginPage'));
const SignInPage = lazy(() => import('../features/auth/SignInPage'));
const ResetPasswordPage = lazy(() => import('../features/auth/ResetPasswordPage'));
const SessionErrorScreen = lazyAntdScreen(() => import('../features/session/SessionErrorScreen'));
const SignedInApp = lazyComponent(loadSignedInApp);

export const LOGIN_PATH = '/admin/login';

/** The pages for visitors who are not signed in (exact paths). */
const SIGNED_OUT_PAGES = [
  { path: LOGIN_PATH, element: <AdminLoginPage prefetch={signInPrefetch} /> },
  { path: '/login', element: <SignInPage prefetch={signInPrefetch} /> },
  { path: '/reset-password', element: <ResetPasswordPage /> },
];

/**
 * The routing rules:
 * - while the current-user check runs: the full-page spinner;
 * - not signed in: only the sign-in pages; every other path goes to /admin/login;
 * - signed in: the sign-in pages go to '/'; every other path is the signed-in app (set-up, Access Denied or
 *   the shell with its route table, which shows "Page not found" for unknown paths).
 */
export function AppRoutes() {
  const { status } = useSession();

  if (status === 'loading') return <FullPageSpinner label="Checking your session" />;

  let routes;
  if (status === 'error') {
    routes = <Route path="*" element={<SessionErrorScreen />} />;
  } else if (status === 'signedOut') {
    routes = (
      <>
        {SIGNED_OUT_PAGES.map(({ path, element }) => (
          <Route key={path} path={path} element={element} />
        ))}
        <Route path="*" element={<Navigate to={LOGIN_PATH} replace />} />
      </>
    );
  } else {
    routes = (
      <>
        {SIGNED_OUT_PAGES.map(({ path }) => (
          <Route key={path} path={path} element={<Navigate to="/" replace />} />
        ))}
        <Route path="*" element={<SignedInApp />} />
      </>
    );
  }

  return (
    <Suspense fallback={<FullPageSpinner />}>
      <Routes>{routes}</Routes>
    </Suspense>
  );
}
