/**
 * The actions the server records (grep `Record(` in internal/), grouped by family (the part before the dot). The
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
  { value: '2fa.', label: 'Two-factor', actions: ['2fa.enabled', '2fa.disabled', '2fa.failure'] },
  { value: 'password.', label: 'Password', actions: ['password.reset_requested', 'password.reset'] },
  {
    value: 'user.',
    label: 'Users',
    actions: [
      'user.create',
      'user.update',
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
];

/** The family of an action: the text up to and including the first dot (`role.`), or the action itself. */
export function actionFamily(action: string): string {
  const dot = action.indexOf('.');
  return dot < 0 ? action : action.slice(0, dot + 1);
}

/** Refusals and lock-outs: red whatever the family. */
const ALARMING = /(^|[._])(failure|failed|locked)$/;

/** antd Tag preset colour per family. */
const FAMILY_COLOURS: Record<string, string> = {
  'login.': 'blue',
  logout: 'blue',
  '2fa.': 'geekblue',
  'password.': 'orange',
  'user.': 'cyan',
  'role.': 'purple',
  'token.': 'gold',
  'app_version.': 'lime',
  'promotion.': 'magenta',
};

/** The Tag colour of an action: red for failures and lock-outs, else its family's colour ('default' if unknown). */
export function actionColour(action: string): string {
  if (ALARMING.test(action)) return 'red';
  return FAMILY_COLOURS[actionFamily(action)] ?? 'default';
}

export interface ActionOption {
  value: string;
  label: string;
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
  const actions: ActionOption[] = ACTION_FAMILIES.flatMap((f) => f.actions).map((a) => ({ value: a, label: a }));
  const text = typed.trim();
  const known = text === ALL_ACTIONS || families.some((o) => o.value === text) || actions.some((o) => o.value === text);
  return [
    ...(known ? [] : [{ value: text, label: text.endsWith('.') ? `${text}*` : text }]),
    { value: ALL_ACTIONS, label: 'All actions' },
    { label: 'Families', options: families },
    { label: 'Actions', options: actions },
  ];
}
