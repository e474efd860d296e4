import { apiGet } from '../../../lib/api';

/** The ALTCHA v1 challenge `GET /api/captcha` returns (single use; the salt carries its expiry). */
export interface CaptchaChallenge {
  algorithm: string;
  challenge: string;
  maxnumber: number;
  salt: string;
  signature: string;
}

export const CAPTCHA_CHALLENGE_PATH = '/captcha';

/**
 * A `fetch` for the widget: it asks for its challenge through the app's one API client (same headers and
 * error handling as every call) and gets it back as the JSON Response it expects.
 */
export async function fetchCaptchaChallenge(): Promise<Response> {
  const challenge = await apiGet<CaptchaChallenge>(CAPTCHA_CHALLENGE_PATH);
  return new Response(JSON.stringify(challenge), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });
}
