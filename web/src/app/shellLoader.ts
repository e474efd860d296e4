/**
 * The signed-in shell's chunk, shared by the lazy component that renders it (SignedInApp) and by the prefetch at
 * the sign-in code step (prefetch.ts): a chunk fetched ahead then renders without suspending.
 * Kept apart from routeTable.ts so that the sign-in page does not load the route table (and its icons); the shell
 * imports the route table, so the table must not import this file (no import circle).
 */
import { chunkLoader } from '../lib/lazyComponent';

export const loadAppShell = chunkLoader(() => import('./shell/AppShell'));
