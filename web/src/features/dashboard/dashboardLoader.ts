import { chunkLoader } from '../../lib/lazyComponent';

/**
 * The dashboard page's chunk, the first screen after a sign-in: the route table's lazy component and the prefetch
 * at the sign-in code step (app/prefetch.ts) share it, so the page renders without suspending once the code is accepted.
 */
export const loadDashboardPage = chunkLoader(() => import('./DashboardPage'));
