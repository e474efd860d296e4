/** A role's name needs at least this many characters (product-spec.md sections 5 and 9). */
export const ROLE_NAME_MIN = 3;

/** Apply Role (and Modify Role) stay disabled while the name is shorter than `ROLE_NAME_MIN`. */
export function canApplyRole(name: string | undefined): boolean {
  return (name ?? '').trim().length >= ROLE_NAME_MIN;
}
