/** Shown for an empty cell. */
export const NONE = '—';

/** Longest Details text shown in the table before it is cut (the whole text stays one click away). */
export const DETAILS_PREVIEW_CHARS = 80;

/** True for nothing worth showing: null, '', {} or []. */
export function isEmptyDetails(details: unknown): boolean {
  if (details === null || details === undefined || details === '') return true;
  if (Array.isArray(details)) return details.length === 0;
  return typeof details === 'object' && Object.keys(details).length === 0;
}

/** Details as one line of JSON with a space after each ':' and ',' outside strings (a string shows as is). */
export function compactDetails(details: unknown): string {
  if (isEmptyDetails(details)) return '';
  if (typeof details === 'string') return details;
  return compactJson(details);
}

function compactJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(compactJson).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    const fields = Object.entries(value).map(([key, v]) => `${JSON.stringify(key)}: ${compactJson(v)}`);
    return `{${fields.join(', ')}}`;
  }
  return JSON.stringify(value) ?? String(value);
}

/** Details indented for reading (the expanded cell). */
export function prettyDetails(details: unknown): string {
  if (isEmptyDetails(details)) return '';
  if (typeof details === 'string') return details;
  return JSON.stringify(details, null, 2);
}

/** `text` cut to `max` characters with an ellipsis; unchanged when short enough. */
export function truncate(text: string, max = DETAILS_PREVIEW_CHARS): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
