import { Suspense, useSyncExternalStore } from 'react';
import { lazyComponent } from '../lib/lazyComponent';
import { subscribeToastHost, toastHostNeeded } from '../lib/toast';
import { loadToasts } from './toastsLoader';

const Toasts = lazyComponent(loadToasts);

/** Where the app's toasts (lib/toast.ts) appear: nothing, and no download, until one is asked for. */
export function ToastHost() {
  const needed = useSyncExternalStore(subscribeToastHost, toastHostNeeded);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  );
}
