/**
 * The server's policy for new passwords (created, reset or changed: internal/auth/policy.go), as far as a screen can
 * check it before sending: the length. Whether a password is among the 10,000 most common ones only the server
 * knows; its answer is the one that counts.
 */
export const NEW_PASSWORD_MIN = 8;
export const NEW_PASSWORD_MAX = 256;

/** The policy in one line, for a new password field's help. */
export const NEW_PASSWORD_HELP = `At least ${NEW_PASSWORD_MIN} characters; not a common password.`;

/** Why `password` cannot be a new password, as far as the screen can tell; undefined when it may be sent. */
export function newPasswordProblem(password: string): string | undefined {
  // Characters as the server counts them (code points), not UTF-16 units.
  const length = [...password].length;
  if (length < NEW_PASSWORD_MIN) return `The password needs at least ${NEW_PASSWORD_MIN} characters.`;
  if (length > NEW_PASSWORD_MAX) return `The password may have at most ${NEW_PASSWORD_MAX} characters.`;
  return undefined;
}
