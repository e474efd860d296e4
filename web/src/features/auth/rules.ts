/** The sign-in screens' own checks (a button waits for these minimum lengths); the server has stricter ones. */
export const LOGIN_PASSWORD_MIN = 5;
export const REGISTER_PASSWORD_MIN = 5;
export const REGISTER_EMAIL_MIN = 10;
/** Google Authenticator set-up: the code field needs a password of at least this many characters. */
export const SETUP_PASSWORD_MIN = 4;
/** New passwords (reset): the server needs 8+ characters, not a common password (lib/passwordPolicy.ts). */
export { NEW_PASSWORD_MIN } from '../../lib/passwordPolicy';

export function canLogIn(input: { identifier: string; password: string; captchaSolved: boolean }): boolean {
  return input.identifier.trim() !== '' && input.password.length >= LOGIN_PASSWORD_MIN && input.captchaSolved;
}

export interface RegisterValues {
  fullName: string;
  email: string;
  password: string;
  confirmPassword: string;
  referralId: string;
  acceptTerms: boolean;
}

/** Register stays disabled unless: password 5+, confirmation equal, email 10+ characters, terms ticked. */
export function canRegister(values: RegisterValues): boolean {
  return (
    values.password.length >= REGISTER_PASSWORD_MIN &&
    values.confirmPassword === values.password &&
    values.email.trim().length >= REGISTER_EMAIL_MIN &&
    values.acceptTerms
  );
}
