// @vitest-environment jsdom
// jsdom has the nonce property of elements, as browsers do; happy-dom (the other files' environment) has not.
import { describe, expect, it } from 'vitest';
import { applyNonceToCreatedStyles, CSP_NONCE_PLACEHOLDER, readCspNonce } from './cspNonce';

function docWithMeta(content: string | null): Document {
  const doc = document.implementation.createHTMLDocument('t');
  if (content !== null) {
    const meta = doc.createElement('meta');
    meta.name = 'csp-nonce';
    meta.content = content;
    doc.head.appendChild(meta);
  }
  return doc;
}

describe('readCspNonce', () => {
  it('reads the nonce the server put in the meta tag', () => {
    expect(readCspNonce(docWithMeta('r4nd0m=='))).toBe('r4nd0m==');
  });

  it('is undefined without a meta tag or with the placeholder left in (vite dev)', () => {
    expect(readCspNonce(docWithMeta(null))).toBeUndefined();
    expect(readCspNonce(docWithMeta(CSP_NONCE_PLACEHOLDER))).toBeUndefined();
    expect(readCspNonce(docWithMeta(''))).toBeUndefined();
  });
});

describe('applyNonceToCreatedStyles', () => {
  it('does nothing without a nonce', () => {
    applyNonceToCreatedStyles(undefined);
    expect(document.createElement('style').nonce).toBe('');
  });

  it('gives every created <style> the nonce, and nothing else', () => {
    applyNonceToCreatedStyles('abc');
    applyNonceToCreatedStyles('abc'); // idempotent
    expect(document.createElement('style').nonce).toBe('abc');
    expect(document.createElement('STYLE').nonce).toBe('abc');
    expect(document.createElement('script').nonce).toBe('');
    expect(document.createElement('div').tagName).toBe('DIV');
  });
});
