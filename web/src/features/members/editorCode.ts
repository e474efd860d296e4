import type { AdminUser, UserEdit } from './types';

/** The edit form's values (the phone number may be left out). */
export type EditorValues = Omit<UserEdit, 'phone_number'> & { phone_number?: string };

/**
 * Whether the edit changes another staff member's email or switches their second factor off: the server then wants a
 * current code from the editor's own authenticator (a colleague's account could be taken over that way).
 */
export function needsEditorCode(user: AdminUser | null, editorId: number | undefined, values: Partial<EditorValues>): boolean {
  if (!user || user.id === editorId || !user.roles.includes('ROLE_ADMIN')) return false;
  const email = (values.email ?? user.email).trim().toLowerCase();
  return (
    email !== user.email.toLowerCase() ||
    (user.isGoogleAuthenticatorEnabled && values.isGoogleAuthenticatorEnabled === false) ||
    (user.isSMS2FaEnabled && values.isSMS2FaEnabled === false)
  );
}
