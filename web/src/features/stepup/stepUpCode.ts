/**
 * The ways to confirm a step-up, and what each one's field takes. Both are codes typed into the one `code` field
 * the server reads (six digits: an authenticator code; 16 base32 characters: a recovery code). A passkey, when
 * there is one, becomes another method here with a button of its own in place of the field.
 */
export type StepUpMethod = 'authenticator' | 'recovery';

export interface StepUpMethodSpec {
  label: string;
  intro: string;
  placeholder: string;
  inputMode: 'numeric' | 'text';
  autoComplete: string;
  maxLength: number;
  /** The text of the link that switches to this method. */
  switchTo: string;
  /** What the field keeps of what is typed or pasted. */
  normalize: (raw: string) => string;
  /** Whether the value is complete (sent as it is, the server ignores dashes and case). */
  complete: (value: string) => boolean;
  /** Said when the value is sent incomplete. */
  incomplete: string;
}

const CODE_LENGTH = 6;
const RECOVERY_LENGTH = 16;
const BASE32 = /[^A-Z2-7]/g;

export const STEP_UP_METHODS: Record<StepUpMethod, StepUpMethodSpec> = {
  authenticator: {
    label: 'Authenticator code',
    intro: 'This change needs your second factor. Enter the 6-digit code from your authenticator app.',
    placeholder: '123456',
    inputMode: 'numeric',
    autoComplete: 'one-time-code',
    maxLength: CODE_LENGTH,
    switchTo: 'Use your authenticator app',
    normalize: (raw) => raw.replace(/\D/g, '').slice(0, CODE_LENGTH),
    complete: (value) => value.length === CODE_LENGTH,
    incomplete: 'Enter all 6 digits of the code.',
  },
  recovery: {
    label: 'Recovery code',
    intro: 'This change needs your second factor. Enter one of your recovery codes: each one works once.',
    placeholder: 'XXXX-XXXX-XXXX-XXXX',
    inputMode: 'text',
    autoComplete: 'off',
    maxLength: RECOVERY_LENGTH + 3,
    switchTo: 'Use a recovery code',
    normalize: formatRecoveryCode,
    complete: (value) => value.replace(/-/g, '').length === RECOVERY_LENGTH,
    incomplete: 'Enter the 16 letters and digits of a recovery code (XXXX-XXXX-XXXX-XXXX).',
  },
};

/** The other method a link offers from `method`. */
export function otherMethod(method: StepUpMethod): StepUpMethod {
  return method === 'authenticator' ? 'recovery' : 'authenticator';
}

/**
 * A recovery code as typed or pasted, shown as XXXX-XXXX-XXXX-XXXX: capitals, base32 characters only (spaces,
 * dashes and anything else dropped), at most 16 of them, a dash after every fourth.
 */
export function formatRecoveryCode(raw: string): string {
  const chars = raw.toUpperCase().replace(BASE32, '').slice(0, RECOVERY_LENGTH);
  return chars.replace(/(.{4})(?=.)/g, '$1-');
}
