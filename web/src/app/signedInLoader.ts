/**
 * The signed-in app's chunk (SignedInApp with Ant Design's settings), shared by its lazy component in routes.tsx
 * and by the prefetch at the sign-in code step (prefetch.ts): fetched ahead, it renders without suspending.
 */
import { chunkLoader } from '../lib/lazyComponent';

export const loadSignedInApp = chunkLoader(() => import('./SignedInApp'));
