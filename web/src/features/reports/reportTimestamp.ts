/**
 * A report's timestamp as the server wrote it, without the '+00:00' suffix and with a space for the 'T':
 * `2026-11-22T02:04:17+00:00` → `2026-11-22 02:04:17`.
 */
export function reportTimestamp(value: string): string {
  return value.replace(/\+00:00$/, '').replace('T', ' ');
}
