/**
 * THE permission helper. The route table (and so the router, the menu and the breadcrumb), and every gated
 * widget or button decide through `can`, usually by way of `useCan` / `<Can>` (features/session).
 */

/** The permission keys the product knows (product-spec.md section 6, plus the audit log). */
export const Permission = {
  CANDLES: 'ADMIN_CANDLES',
  TOTAL_USER: 'ADMIN_TOTAL_USER',
  TOTAL_ONLINE_USER: 'ADMIN_TOTAL_ONLINE_USER',
  CUSTOMER_BALANCE: 'ADMIN_CUSTOMER_BALANCE',
  TRANSACTION_BALANCES: 'ADMIN_TRANSACTION_BALANCES',
  TRANSACTION_SENT: 'ADMIN_TRANSACTION_SENT',
  TRANSACTION_EXCHANGE: 'ADMIN_TRANSACTION_EXCHANGE',
  TRANSACTION_HISTORY: 'ADMIN_TRANSACTION_HISTORY',
  SHOW_USER: 'ADMIN_SHOW_USER',
  USERS_LIST: 'ADMIN_USERS_LIST',
  CREATE_USER: 'ADMIN_CREATE_USER',
  EDIT_USER: 'ADMIN_EDIT_USER',
  ADD_USER_ROLE: 'ADMIN_ADD_USER_ROLE',
  REMOVE_USER_ROLE_ADMIN: 'ADMIN_REMOVE_USER_ROLE_ADMIN',
  ROLES_LIST: 'ADMIN_ROLES_LIST',
  CREATE_ROLE: 'ADMIN_CREATE_ROLE',
  EDIT_ROLE: 'ADMIN_EDIT_ROLE',
  REMOVE_ROLE: 'ADMIN_REMOVE_ROLE',
  APP_VERSIONS_LIST: 'ADMIN_APP_VERSIONS_LIST',
  SHOW_PROMOTION: 'ADMIN_SHOW_PROMOTION',
  CREATE_TOKEN: 'ADMIN_CREATE_TOKEN',
  TRANSACTION_ACCOUNTING: 'ADMIN_TRANSACTION_ACCOUNTING',
  USER_ACCOUNTING: 'ADMIN_USER_ACCOUNTING',
  BONUS_REPORT: 'ADMIN_BONUS_REPORT',
  AUDIT_LOG: 'ADMIN_AUDIT_LOG',
} as const;

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
