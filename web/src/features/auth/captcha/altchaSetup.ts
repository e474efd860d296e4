/**
 * Loads the ALTCHA widget (the `altcha` package, version pinned in package.json: see web/README.md) in its
 * strict-CSP form and configures it once:
 * - `altcha/external`: no inline styles and no blob workers bundled in;
 * - its stylesheet as a normal CSS file (bundled under /assets, allowed by `style-src 'self'`);
 * - the SHA proof-of-work worker bundled by Vite (`?worker`) and served from 'self';
 * - the challenge fetched through the app's API client (captchaChallenge.ts).
 */
import 'altcha/external';
import 'altcha/altcha.css';
import ShaWorker from 'altcha/workers/sha?worker';
import { captchaChallengeUrl, fetchCaptchaChallenge } from './captchaChallenge';

for (const algorithm of ['SHA-256', 'SHA-384', 'SHA-512']) {
  globalThis.$altcha.algorithms.set(algorithm, () => new ShaWorker());
}

globalThis.$altcha.defaults.set({
  challenge: captchaChallengeUrl('usual'),
  fetch: fetchCaptchaChallenge,
  // No tracking of pointer and scroll events: our server never asks for it.
  humanInteractionSignature: false,
  // No links out of the back office.
  hideFooter: true,
  hideLogo: true,
});
