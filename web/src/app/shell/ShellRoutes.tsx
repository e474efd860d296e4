import { Suspense, useState } from 'react';
import { Route, Routes } from 'react-router';
import { AccessDeniedResult } from '../../components/AccessDeniedResult';
import { NotFoundResult } from '../../components/NotFoundResult';
import { PageSpinner } from '../../components/PageSpinner';
import { useCan } from '../../features/session/useCan';
import { NOT_FOUND_TITLE } from '../navigation';
import type { AppRoute } from '../routeTable';
import { APP_ROUTES } from '../routeTable';
import { PageTitleContext } from '../../lib/pageTitle';
import { useDocumentTitle } from './useDocumentTitle';

/**
 * One screen of the table: its page if the user may open it, else Access Denied (never the page). The page may
 * name itself (usePageTitle), e.g. a profile after its customer.
 */
function RoutePage({ route }: { route: AppRoute }) {
  const allowed = useCan(route.rule);
  const [named, setNamed] = useState<string | null>(null);
  const title = named ?? route.title;
  useDocumentTitle(title);
  if (!allowed) return <AccessDeniedResult what={route.title} />;
  const Page = route.component;
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title" className="page__title">
        {title}
      </h1>
      <PageTitleContext.Provider value={setNamed}>
        <Suspense fallback={<PageSpinner />}>
          <Page />
        </Suspense>
      </PageTitleContext.Provider>
    </section>
  );
}

function NotFoundPage() {
  useDocumentTitle(NOT_FOUND_TITLE);
  return <NotFoundResult />;
}

/** The signed-in screens, from the route table; anything else is "Page not found". */
export function ShellRoutes() {
  return (
    <Routes>
      {APP_ROUTES.map((route) => (
        <Route key={route.path} path={route.path} element={<RoutePage route={route} />} />
      ))}
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
