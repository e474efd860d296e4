import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import SignedInComponents from './SignedInComponents';

let unmount: (() => void) | undefined;

/**
 * Renders SignedInComponents off the page (into a detached element), once, while the sign-in code is being typed.
 * Ant Design computes and injects each component's styles (CSS-in-JS) when the first one renders, and that first
 * render also compiles the components' code: done here, that work is no longer between the code and the
 * dashboard, where it was about a third of the first render. The styles stay cached only while some mounted
 * component uses them, so this stays mounted until `releaseStyleWarmUp()`, once the signed-in app holds them.
 */
export function warmUpSignedInStyles(): void {
  if (unmount) return;
  const root = createRoot(document.createElement('div'));
  root.render(createElement(SignedInComponents));
  unmount = () => root.unmount();
}

export function releaseStyleWarmUp(): void {
  unmount?.();
  unmount = undefined;
}
