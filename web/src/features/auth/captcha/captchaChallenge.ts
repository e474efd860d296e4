import { apiGet, buildUrl } from '../../../lib/api';
import type { GetReply } from '../../../lib/apiTypes';

/** The ALTCHA v1 challenge `GET /api/captcha` returns (single use; the salt carries its expiry). */
export type CaptchaChallenge = GetReply<'/api/captcha'>;

export const CAPTCHA_CHALLENGE_PATH = '/captcha';

/**
 * How much work the challenge asks for: 'high' is ten times the usual, which the server asks for when an
 * account has had many failed sign-ins lately (`GET /api/captcha?cost=high`).
 */
export type CaptchaCost = 'usual' | 'high';

/** The challenge URL the widget is given for a cost (its `challenge` attribute). */
export function captchaChallengeUrl(cost: CaptchaCost): string {
  return buildUrl(CAPTCHA_CHALLENGE_PATH, { cost: cost === 'high' ? 'high' : undefined });
}

/**
 * A `fetch` for the widget: it asks for its challenge through the app's one API client (same headers and
 * error handling as every call) and gets it back as the JSON Response it expects. The only thing taken from
 * the widget's URL is the cost.
 */
export async function fetchCaptchaChallenge(input?: RequestInfo | URL): Promise<Response> {
  const url = input instanceof Request ? input.url : String(input ?? '');
  const high = new URL(url, 'http://localhost').searchParams.get('cost') === 'high';
  const challenge = await apiGet('/api/captcha', { params: { query: { cost: high ? 'high' : undefined } } });
  return new Response(JSON.stringify(challenge), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });
}
