/** Google Authenticator codes: 6 digits (SHA1, 30 s). */
export const CODE_LENGTH = 6;

/** Keeps the digits only (a pasted "123 456" works) and at most six of them. */
export function normalizeCode(raw: string): string {
  return raw.replace(/\D/g, '').slice(0, CODE_LENGTH);
}

/** What a code step says when Verify is pressed before all six digits are in. */
export const CODE_INCOMPLETE = 'Enter all 6 digits of the code.';
