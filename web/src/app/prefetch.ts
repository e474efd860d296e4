/**
 * Loads the signed-in app's first screen ahead of need. Called when a sign-in reaches the code step: the shell,
 * the dashboard and its chart are downloaded and compiled while the code is being typed, not after it, so the
 * dashboard follows the code at once. The specifiers are those of the lazy() routes: each module loads once.
 * A failure is ignored here; the route's own import reports it when the screen is opened.
 */
export function prefetchSignedInApp(): void {
  void Promise.all([
    import('./shell/AppShell'),
    import('../features/dashboard/DashboardPage'),
    import('../features/dashboard/CandleChart'),
  ]).catch(() => undefined);
}
