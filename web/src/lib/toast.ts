import type { ReactNode } from 'react';

/**
 * The app's toasts ("Saved.", "Signed in."): `toast.success(content)` and the like, from anywhere. Ant Design's
 * `message` shows them, in one place for the whole app: the toast host (app/ToastHost.tsx) loads it the first time a
 * toast is asked for (or `prepareToasts()` is called), so that pages without toasts, the sign-in page first,
 * load no Ant Design. Toasts asked for before the host is ready wait for it, in order.
 */
export type ToastKind = 'success' | 'info' | 'warning' | 'error';

export interface Toast {
  kind: ToastKind;
  content: ReactNode;
}

type Sink = (toast: Toast) => void;

let sink: Sink | undefined;
const waiting: Toast[] = [];
let hostNeeded = false;
const hostListeners = new Set<() => void>();

function needHost(): void {
  if (hostNeeded) return;
  hostNeeded = true;
  for (const listener of hostListeners) listener();
}

function show(kind: ToastKind, content: ReactNode): void {
  const next = { kind, content };
  if (sink) sink(next);
  else {
    waiting.push(next);
    needHost();
  }
}

export const toast = {
  success: (content: ReactNode) => show('success', content),
  info: (content: ReactNode) => show('info', content),
  warning: (content: ReactNode) => show('warning', content),
  error: (content: ReactNode) => show('error', content),
};

/** Loads the toast host ahead of a toast (the sign-in code step does, so that "Signed in." needs no download). */
export const prepareToasts: () => void = needHost;

/** For the host: whether it is needed yet, and a subscription to that (useSyncExternalStore). */
export function toastHostNeeded(): boolean {
  return hostNeeded;
}

export function subscribeToastHost(listener: () => void): () => void {
  hostListeners.add(listener);
  return () => hostListeners.delete(listener);
}

/** For the host: where toasts go from now on (undefined: nowhere, they wait). Waiting toasts go there at once. */
export function setToastSink(next: Sink | undefined): void {
  sink = next;
  if (next) for (const waited of waiting.splice(0)) next(waited);
}
