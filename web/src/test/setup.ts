import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';
import { loadToasts } from '../app/toastsLoader';
import { chunksSettled } from '../lib/lazyComponent';
import { stepUpCancelled, stepUpPromptOpen } from '../lib/stepUp';

// jsdom (cspNonce.test.ts) has no matchMedia; antd's responsive helpers (Grid, Table, Layout.Sider...) need it.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    configurable: true,
    value: (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

// The bound of one wait (findBy…, waitFor): it catches a hang. Screens are lazy chunks, and the first import of one
// (antd included) takes a few seconds here, several times that on a busy machine.
configure({ asyncUtilTimeout: 30_000 });

// jsdom has no ResizeObserver either; antd's popups (Dropdown, Select...) observe their size.
if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  Object.defineProperty(window, 'ResizeObserver', { writable: true, configurable: true, value: ResizeObserverStub });
}

afterEach(() => {
  // A step-up prompt left open (a test that failed half-way) must not be the next test's.
  if (stepUpPromptOpen()) stepUpCancelled();
  cleanup();
  window.localStorage.clear();
});

// A screen's or the chart's chunk still downloading when the file ends (a prefetch, a screen left at once) would
// load after the file's environment is gone, which fails the run: each file waits for them.
afterAll(async () => {
  await chunksSettled();
});

// jsdom has no pseudo-element styles: asked for ::before or ::after (Ant Design asks often), it answers with the
// element's own style and prints a warning each time. Asking for the element's own style gives that same answer
// without the thousands of warnings.
{
  const elementStyle = window.getComputedStyle.bind(window);
  window.getComputedStyle = (element: Element) => elementStyle(element);
}


// The toasts' chunk (Ant Design's message) loads when the first toast is asked for; loaded here, a test's toast shows
// without waiting for an import (the app loads it ahead too, at the sign-in code step).
await loadToasts();
