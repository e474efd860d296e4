import type { GetReply } from './apiTypes';

/** Where the last change staff made to something the exchange core owns stands there (docs/decisions/0016). */
export type CoreStatus = NonNullable<GetReply<'/api/admin/promotion'>['core']>;

/** Whether the core has yet to answer the change: screens read it again until it has. */
export function pendingAtCore(core: CoreStatus | null | undefined): boolean {
  return core?.state === 'waiting' || core?.state === 'delivered';
}

/** How often a screen reads again while a change is pending at core. */
export const PENDING_REFRESH_MS = 2_000;

/** How long after a change screens keep reading it again: a core that never answers does not keep them polling. */
export const PENDING_REFRESH_FOR_MS = 10 * 60_000;

/** The refetch interval of a screen showing these changes: every 2 s while one made in the last 10 minutes is pending. */
export function pendingRefresh(cores: readonly (CoreStatus | null | undefined)[], now: number = Date.now()): number | false {
  const recent = cores.some((c) => c && pendingAtCore(c) && now - Date.parse(c.at) < PENDING_REFRESH_FOR_MS);
  return recent ? PENDING_REFRESH_MS : false;
}
