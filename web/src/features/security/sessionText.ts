import { describeUserAgent } from '../../lib/userAgent';
import type { SessionRow } from './types';

/** The platform and device of a session in words ("Web, Chrome 131 on Windows"). */
export function deviceName(session: Pick<SessionRow, 'platform' | 'deviceModel'>): string {
  return [session.platform, describeUserAgent(session.deviceModel)].filter(Boolean).join(', ') || 'An unknown device';
}

/** What "Sign out all other sessions" reports. */
export function othersRevokedText(revoked: number): string {
  if (revoked === 0) return 'No other session was signed in.';
  return revoked === 1 ? '1 other session was signed out.' : `${revoked} other sessions were signed out.`;
}
