import type { components } from './api.gen';

/** Where the last change staff made to something the exchange core owns stands there (docs/decisions/0016). */
export type CoreStatus = components['schemas']['CommandsStatus'];

/** Whether the core has yet to answer the change: screens read it again until it has. */
export function pendingAtCore(core: CoreStatus | null | undefined): boolean {
  return core?.state === 'waiting' || core?.state === 'delivered';
}

/** How often a screen reads again while a change is pending at core. */
export const PENDING_REFRESH_MS = 2_000;
