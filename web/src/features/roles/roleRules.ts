import type { PermissionKey } from '../../lib/permissions';
import { can } from '../../lib/permissions';

/** A role's name needs at least this many characters (the server's minimum too). */
export const ROLE_NAME_MIN = 3;

/** Apply Role (and Modify Role) stay disabled while the name is shorter than `ROLE_NAME_MIN`. */
export function canApplyRole(name: string | undefined): boolean {
  return (name ?? '').trim().length >= ROLE_NAME_MIN;
}

/**
 * The keys among `keys` that the viewer does not hold. Staff grant, change and take away only permissions they
 * hold themselves, so they can neither tick nor untick these, nor modify or remove a role holding any of them
 * (the server refuses with 403; docs/decisions/0008).
 */
export function keysBeyond(viewer: readonly string[] | null | undefined, keys: readonly string[]): string[] {
  return keys.filter((key) => !can(viewer, key as PermissionKey));
}

/** Why a role's Modify or Remove button is disabled for a viewer lacking `missing` (empty: it is not). */
export function beyondReachReason(missing: readonly string[]): string | undefined {
  if (missing.length === 0) return undefined;
  return `This role holds permissions you do not hold (${missing.join(', ')}): only staff holding them can change it.`;
}

/** A role's allowed networks as typed: one per line (or separated by commas or spaces); none: anywhere. */
export function parseNetworks(text: string): string[] {
  return text.split(/[\s,]+/).filter((n) => n !== '');
}
