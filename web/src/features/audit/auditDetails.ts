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

/** A detail as the table shows it: a label in words and its value as text. */
export interface DetailField {
  key: string;
  label: string;
  value: string;
}

/** Labels that a key's words would get wrong (abbreviations, ids). */
const FIELD_LABELS: Readonly<Record<string, string>> = {
  ip: 'IP',
  id: 'ID',
  role_id: 'Role ID',
  entry_id: 'Entry',
  url: 'URL',
  totp: 'Authenticator',
  ga: 'Authenticator',
};

/** A detail's key in sentence-case words: `role_id` → "Role ID", `deviceModel` → "Device model". */
export function fieldLabel(key: string): string {
  const known = FIELD_LABELS[key];
  if (known) return known;
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_.-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : key;
}

/** A detail's value as text: lists joined, yes/no for flags, nested fields as "Label: value" parts. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return NONE;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.length === 0 ? 'None' : value.map(valueText).join(', ');
  if (typeof value === 'object') {
    const parts = Object.entries(value as Record<string, unknown>).map(([k, v]) => `${fieldLabel(k)}: ${valueText(v)}`);
    return parts.length === 0 ? NONE : parts.join('; ');
  }
  return String(value);
}

/** The details as labelled fields, in the order the server wrote them (a string or list is one "Details" field). */
export function detailFields(details: unknown): DetailField[] {
  if (isEmptyDetails(details)) return [];
  if (typeof details !== 'object' || details === null || Array.isArray(details)) {
    return [{ key: 'details', label: 'Details', value: valueText(details) }];
  }
  return Object.entries(details as Record<string, unknown>).map(([key, v]) => ({ key, label: fieldLabel(key), value: valueText(v) }));
}
