import type { QueryClient } from '@tanstack/react-query';
import type { SignInPrefetch } from '../features/auth/signInPrefetch';
import { loadCandleChart, warmUpCandleChart } from '../features/dashboard/chartLoader';
import { loadDashboardPage } from '../features/dashboard/dashboardLoader';
import type * as DashboardPrefetchModule from '../features/dashboard/dashboardPrefetch';
import { currentUserQueryKey } from '../features/session/sessionApi';
import type { CurrentUser } from '../features/session/types';
import { coinTypesQuery } from '../lib/coinTypes';
import { prepareToasts } from '../lib/toast';
import { loadAppShell } from './shellLoader';
import { loadSignedInApp } from './signedInLoader';

let dashboardPrefetch: typeof DashboardPrefetchModule | undefined;
let releaseStyleWarmUp: (() => void) | undefined;

/** How long the style warm-up outlives the user's arrival: the signed-in app has rendered (and holds them) by then. */
const STYLE_WARM_UP_KEPT_MS = 10_000;
const loadDashboardPrefetch = () =>
  import('../features/dashboard/dashboardPrefetch').then((module) => (dashboardPrefetch = module));

/**
 * Loads the signed-in app's first screen ahead of need. Called when a sign-in reaches the code step: the signed-in
 * app (Ant Design with it), the shell, the dashboard and its chart are downloaded and compiled while the code is
 * being typed, not after it, and, through the same loaders as their lazy components, render without suspending
 * once the code is accepted. Then Ant Design's styles for them are computed (styleWarmUp.ts) and a candle chart is
 * drawn off the page (chartWarmUp.ts). The toasts are loaded too ("Signed in." follows the code).
 * A failure is ignored here; the screen's own load reports it when the screen is opened.
 */
export function prefetchSignedInApp(): void {
  prepareToasts();
  void Promise.all([loadSignedInApp(), loadAppShell(), loadDashboardPage(), loadCandleChart(), loadDashboardPrefetch()])
    .then(() => import('./styleWarmUp'))
    .then((warmUp) => {
      warmUp.warmUpSignedInStyles();
      releaseStyleWarmUp = warmUp.releaseStyleWarmUp;
      return warmUpCandleChart();
    })
    .catch(() => undefined);
}

function isCurrentUserQuery(queryKey: readonly unknown[]): boolean {
  return currentUserQueryKey.every((part, i) => queryKey[i] === part);
}

/**
 * Called once the code is accepted (the full token stored): starts the dashboard's calls as soon as the
 * session's user, and so what the dashboard shows, is known, instead of after the shell and the dashboard have
 * rendered. The coin list, which any staff member may read and the candle cards wait for, starts at once.
 */
export function prefetchDashboardAfterSignIn(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(coinTypesQuery(false));
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || !isCurrentUserQuery(event.query.queryKey)) return;
    const { action } = event;
    if (action.type === 'error') unsubscribe();
    if (action.type !== 'success') return;
    unsubscribe();
    setTimeout(() => releaseStyleWarmUp?.(), STYLE_WARM_UP_KEPT_MS);
    const user = action.data as CurrentUser | null;
    // The set-up screen or Access Denied comes instead of the dashboard for these.
    if (!user?.isGoogleAuthenticatorEnabled || user.permissions.length === 0) return;
    // Synchronously when the code step has loaded it: the import() of a loaded module still resolves only after
    // the render that the user's arrival starts (a few hundred ms), which is the time the calls should overlap.
    if (dashboardPrefetch) void dashboardPrefetch.prefetchDashboardData(queryClient, user.permissions);
    else
      loadDashboardPrefetch()
        .then(({ prefetchDashboardData }) => prefetchDashboardData(queryClient, user.permissions))
        .catch(() => undefined);
  });
}

/** What the sign-in pages load ahead (they take it as a prop: a feature does not import the app). */
export const signInPrefetch: SignInPrefetch = {
  atCodeStep: prefetchSignedInApp,
  afterSignIn: prefetchDashboardAfterSignIn,
};
