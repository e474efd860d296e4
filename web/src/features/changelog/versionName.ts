/**
 * App version names (the server checks the same form): exactly 8 characters, with a dot after the 1st and the
 * 5th, e.g. 2.140.01. The dots are put in as the user types.
 */

export const VERSION_NAME_LENGTH = 8;

const COMPLETE = /^[0-9A-Za-z]\.[0-9A-Za-z]{3}\.[0-9A-Za-z]{2}$/;

/**
 * What the Name field shows for what was typed: letters and digits only (6 at most), with the dots inserted
 * after the 1st and 5th characters: `214001` → `2.140.01`, `21` → `2.1`, `2.14` → `2.14`. Typed dots are ignored,
 * so deleting a dot removes it.
 */
export function formatVersionName(typed: string | undefined): string {
  const raw = (typed ?? '').replace(/[^0-9A-Za-z]/g, '').slice(0, 6);
  if (raw.length <= 1) return raw;
  const middle = `${raw[0]}.${raw.slice(1, 4)}`;
  return raw.length <= 4 ? middle : `${middle}.${raw.slice(4)}`;
}

/** Whether the name is whole: 8 characters in the 2.140.01 form. */
export function isCompleteVersionName(name: string | undefined): boolean {
  return COMPLETE.test(name ?? '');
}
