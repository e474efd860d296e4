/**
 * The CSP nonce of this page load.
 *
 * The Go server replaces the placeholder in `<meta name="csp-nonce" content="__CSP_NONCE__">`
 * with a fresh random value per request and allows `style-src 'self' 'nonce-<N>'`. Every
 * <style> element injected at run time (antd's CSS-in-JS, rc-component helpers) must carry it.
 * Under `vite dev` the placeholder stays as it is and no CSP is sent: the nonce is then undefined.
 */
export const CSP_NONCE_PLACEHOLDER = '__CSP_NONCE__';

export function readCspNonce(doc: Document = document): string | undefined {
  const content = doc.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content.trim();
  if (!content || content === CSP_NONCE_PLACEHOLDER) return undefined;
  return content;
}

/** Read once, when the app starts. */
export const cspNonce: string | undefined = readCspNonce();

/** `<ConfigProvider csp>`: every style antd injects carries the nonce (one object, for every ConfigProvider). */
export const antdCsp: { nonce: string } | undefined = cspNonce ? { nonce: cspNonce } : undefined;

/**
 * antd's own CSS-in-JS gets the nonce through `<ConfigProvider csp={{ nonce }}>`, but a few helpers
 * below it (the scroll locker and scrollbar measuring of Modal, Drawer, Select...) create <style>
 * elements with no way to pass a nonce, and the CSP would block them. So every <style> created
 * through document.createElement gets the nonce. Call once at start-up; a no-op without a nonce.
 * (The nonce is readable from the meta tag by any script anyway: this exposes nothing new.)
 */
export function applyNonceToCreatedStyles(nonce: string | undefined): void {
  if (!nonce) return;
  const original = Document.prototype.createElement as typeof Document.prototype.createElement & {
    xapaNonce?: boolean;
  };
  if (original.xapaNonce) return;
  const patched = function (this: Document, tagName: string, options?: ElementCreationOptions) {
    const element = original.call(this, tagName, options);
    if (element instanceof HTMLStyleElement) element.nonce = nonce;
    return element;
  } as typeof original;
  patched.xapaNonce = true;
  Document.prototype.createElement = patched;
}
