import type { components } from '../../lib/api.gen';

/** Every action the server writes: the contract's list (audit.Actions in Go, checked against the code). */
export type KnownAction = components['schemas']['AuditKnownAction'];

/**
 * The actions the server records (the contract's AuditKnownAction), grouped by family (the part before the dot). The
 * action filter offers the families as prefixes (`role.` matches every role.* action, as the API does for a value
 * ending in '.') and each action exactly. Anything else can still be typed.
 */

export interface ActionFamily {
  /** The API's prefix filter, ending in '.'; or an exact action for a family of one (`logout`). */
  value: string;
  label: string;
  actions: readonly string[];
}

export const ACTION_FAMILIES: readonly ActionFamily[] = [
  {
    value: 'login.',
    label: 'Sign-in',
    actions: ['login.password_accepted', 'login.success', 'login.failure', 'login.locked'],
  },
  { value: 'logout', label: 'Sign-out', actions: ['logout'] },
  {
    value: 'session.',
    label: 'Sessions',
    actions: ['session.step_up', 'session.step_up_failure', 'session.revoke', 'session.revoke_others', 'session.issued_by_tool'],
  },
  {
    value: '2fa.',
    label: 'Two-factor',
    actions: ['2fa.enabled', '2fa.disabled', '2fa.failure', '2fa.locked', '2fa.recovery_code_used', '2fa.passkey_added', '2fa.passkey_removed'],
  },
  { value: 'recovery_codes.', label: 'Recovery codes', actions: ['recovery_codes.issue'] },
  {
    value: 'password.',
    label: 'Password',
    actions: ['password.change', 'password.change_failure', 'password.reset_requested', 'password.reset_throttled', 'password.reset'],
  },
  {
    value: 'user.',
    label: 'Users',
    actions: [
      'user.create',
      'user.update',
      'user.unlock',
      'user.set_role',
      'user.remove_staff',
      'user.register',
      'user.verification_mail',
      'user.email_verified',
    ],
  },
  { value: 'role.', label: 'Roles', actions: ['role.create', 'role.update', 'role.delete'] },
  { value: 'token.', label: 'Tokens', actions: ['token.create', 'token.update'] },
  { value: 'app_version.', label: 'App versions', actions: ['app_version.create', 'app_version.delete'] },
  { value: 'promotion.', label: 'Promotion', actions: ['promotion.update'] },
  { value: 'throttled', label: 'Throttled', actions: ['throttled'] },
  { value: 'read.', label: 'Reads', actions: ['read.csv_export', 'read.profile_open', 'read.bulk'] },
  {
    value: 'approval.',
    label: 'Approvals',
    actions: ['approval.request', 'approval.reason', 'approval.reject', 'approval.withdraw', 'approval.void'],
  },
  { value: 'approval_policy.', label: 'Approval policy', actions: ['approval_policy.update'] },
  { value: 'integration.', label: 'Integration', actions: ['integration.letter.retry', 'integration.letter.discard'] },
  { value: 'ingest_key.', label: 'Ingest keys', actions: ['ingest_key.create', 'ingest_key.revoke'] },
  { value: 'audit.', label: 'Audit log', actions: ['audit.checkpoint'] },
  { value: 'demo.', label: 'Demo', actions: ['demo.seed'] },
];

/**
 * What each action means, in words: the table's Action column, and beside the code in the filter. Typed by the
 * contract's list, so an action the server adds without words here fails the type check.
 */
export const ACTION_LABELS: Readonly<Record<KnownAction, string>> = {
  'login.password_accepted': 'Password accepted, code next',
  'login.success': 'Signed in',
  'login.failure': 'Sign-in refused',
  'login.locked': 'Sign-in locked after wrong passwords',
  logout: 'Signed out',
  'session.step_up': 'Second factor confirmed for sensitive changes',
  'session.step_up_failure': 'Wrong code at a step-up',
  'session.revoke': 'Session ended',
  'session.revoke_others': 'Other sessions ended',
  'session.issued_by_tool': 'Session made by the command-line tool',
  '2fa.enabled': 'Authenticator set up',
  '2fa.disabled': 'Authenticator switched off',
  '2fa.failure': 'Wrong code at sign-in',
  '2fa.locked': 'Code checks locked after wrong codes',
  '2fa.recovery_code_used': 'Recovery code used',
  '2fa.passkey_added': 'Passkey added',
  '2fa.passkey_removed': 'Passkey removed',
  'recovery_codes.issue': 'New recovery codes made',
  'password.change': 'Password changed',
  'password.change_failure': 'Wrong current password at a change',
  'password.reset_requested': 'Password reset asked for',
  'password.reset_throttled': 'Password reset asked for too often',
  'password.reset': 'Password reset',
  'user.create': 'Staff member or user created',
  'user.update': 'User edited',
  'user.unlock': 'Account unlocked',
  'user.set_role': 'Role set',
  'user.remove_staff': 'Removed from staff',
  'user.register': 'Registered',
  'user.verification_mail': 'Verification mail sent',
  'user.email_verified': 'Email verified',
  'role.create': 'Role created',
  'role.update': 'Role edited',
  'role.delete': 'Role deleted',
  'token.create': 'Token created',
  'token.update': 'Token edited',
  'app_version.create': 'App version added',
  'app_version.delete': 'App version deleted',
  'promotion.update': 'Promotion saved',
  throttled: 'Calls throttled from an address',
  'approval.request': 'Change sent for approval',
  'approval.reason': "Maker's reason given",
  'approval.reject': 'Change rejected',
  'approval.withdraw': 'Change withdrawn by its maker',
  'approval.void': 'Change void: its maker can no longer make it',
  'approval_policy.update': 'Approval policy changed',
  'read.csv_export': 'CSV exported (cut: the download stopped part-way)',
  'read.profile_open': "User's profile read: a part of it (once an hour per staff member and part)",
  'read.bulk': 'Over 500 rows of one list read within an hour',
  'integration.letter.retry': 'Failed event sent again',
  'integration.letter.discard': 'Failed event discarded',
  'ingest_key.create': 'Ingest key created',
  'ingest_key.revoke': 'Ingest key revoked',
  'audit.checkpoint': 'Audit log checkpoint signed',
  'demo.seed': 'Demo data loaded',
};

/** The words of an action; an action an older version wrote, without words here, shows as its code. */
export function actionLabel(action: string): string {
  return (ACTION_LABELS as Readonly<Record<string, string>>)[action] ?? action;
}

/** The family of an action: the text up to and including the first dot (`role.`), or the action itself. */
export function actionFamily(action: string): string {
  const dot = action.indexOf('.');
  return dot < 0 ? action : action.slice(0, dot + 1);
}

/** Refusals, lock-outs and throttling: red whatever the family. */
const ALARMING = /(^|[._])(failure|failed|locked|throttled)$/;

/** antd Tag preset colour per family. */
const FAMILY_COLOURS: Record<string, string> = {
  'login.': 'blue',
  logout: 'blue',
  'session.': 'blue',
  '2fa.': 'geekblue',
  'recovery_codes.': 'geekblue',
  'password.': 'orange',
  'user.': 'cyan',
  'role.': 'purple',
  'token.': 'gold',
  'app_version.': 'lime',
  'promotion.': 'magenta',
  'read.': 'green',
  'approval.': 'volcano',
  'approval_policy.': 'volcano',
  'integration.': 'lime',
  'ingest_key.': 'gold',
};

/** The Tag colour of an action: red for failures and lock-outs, else its family's colour ('default' if unknown). */
export function actionColour(action: string): string {
  if (ALARMING.test(action)) return 'red';
  return FAMILY_COLOURS[actionFamily(action)] ?? 'default';
}

export interface ActionOption {
  value: string;
  label: string;
  /** The option's title (what tests and tooltips name it by): the action itself. */
  title?: string;
}

export interface ActionOptionGroup {
  label: string;
  options: ActionOption[];
}

export const ALL_ACTIONS = '';

/**
 * The Select's options: every action, the families (prefixes) and each action; `typed` (free text that is none of
 * them) comes first so it can be picked.
 */
export function actionOptions(typed = ''): (ActionOption | ActionOptionGroup)[] {
  const families: ActionOption[] = ACTION_FAMILIES.filter((f) => f.value.endsWith('.')).map((f) => ({
    value: f.value,
    label: `${f.label} (${f.value}*)`,
  }));
  const actions: ActionOption[] = ACTION_FAMILIES.flatMap((f) => f.actions).map((a) => ({
    value: a,
    label: actionLabel(a) === a ? a : `${a} · ${actionLabel(a)}`,
    title: a,
  }));
  const text = typed.trim();
  const known = text === ALL_ACTIONS || families.some((o) => o.value === text) || actions.some((o) => o.value === text);
  return [
    ...(known ? [] : [{ value: text, label: text.endsWith('.') ? `${text}*` : text }]),
    { value: ALL_ACTIONS, label: 'All actions' },
    { label: 'Families', options: families },
    { label: 'Actions', options: actions },
  ];
}
