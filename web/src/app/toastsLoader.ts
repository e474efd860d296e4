/** The toasts' chunk (Ant Design's message): loaded when the first toast is asked for, or ahead (prepareToasts). */
import { chunkLoader } from '../lib/lazyComponent';

export const loadToasts = chunkLoader(() => import('./Toasts'));
