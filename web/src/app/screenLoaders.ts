/**
 * The chunks of the signed-in app's first screen, shared by the lazy components that render them and by the
 * prefetch at the sign-in code step (prefetch.ts): a chunk fetched ahead then renders without suspending.
 * Kept apart from routeTable.ts so that the sign-in page does not load the route table (and its icons).
 */
import { chunkLoader } from '../lib/lazyComponent';

export const loadAppShell = chunkLoader(() => import('./shell/AppShell'));
export const loadDashboardPage = chunkLoader(() => import('../features/dashboard/DashboardPage'));
