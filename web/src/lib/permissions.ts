/**
 * THE permission helper. The route table (and so the router, the menu and the breadcrumb), and every gated
 * widget or button decide through `can`, usually by way of `useCan` / `<Can>` (features/session).
 */

import { Permission } from './permissionKeys.gen';

/** The permission keys, generated from the server's catalogue (internal/rbac). */
export { Permission };

export type PermissionKey = (typeof Permission)[keyof typeof Permission];

/**
 * What a screen, menu entry or widget needs:
 * - `null` / `undefined`: nothing (any signed-in staff member);
 * - one key;
 * - an array: every key in it (e.g. the accounting report needs two);
 * - `{ anyOf: [...] }`: at least one of the keys.
 */
export type PermissionRule =
  | null
  | undefined
  | PermissionKey
  | readonly PermissionKey[]
  | { readonly anyOf: readonly PermissionKey[] };

/** True when someone holding `permissions` satisfies `rule`. Unknown or missing permissions never pass. */
export function can(permissions: readonly string[] | null | undefined, rule: PermissionRule): boolean {
  if (rule === null || rule === undefined) return true;
  const held = permissions ?? [];
  if (typeof rule === 'string') return held.includes(rule);
  if (isAnyOf(rule)) return rule.anyOf.some((key) => held.includes(key));
  return rule.every((key) => held.includes(key));
}

function isAnyOf(rule: object): rule is { readonly anyOf: readonly PermissionKey[] } {
  return 'anyOf' in rule;
}
