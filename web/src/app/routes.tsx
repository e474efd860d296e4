import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { FullPageSpinner } from '../components/FullPageSpinner';

// Each page is its own chunk: the sign-in page loads only what it needs.
const LoginPage = lazy(() => import('../features/auth/LoginPage'));

export const LOGIN_PATH = '/admin/login';

export function AppRoutes() {
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <Routes>
        <Route path="/admin/login" element={<LoginPage />} />
        <Route path="/login" element={<LoginPage />} />
        {/* Later issues add the signed-in routes and the routing rules. */}
        <Route path="*" element={<Navigate to={LOGIN_PATH} replace />} />
      </Routes>
    </Suspense>
  );
}
