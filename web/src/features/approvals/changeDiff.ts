/**
 * The difference an approval request would make, from its `change` (the change's audit details, usually
 * `{before, after}`): one row per field, nested objects flattened to dotted names (`inviter.amount`), each row
 * saying whether the field changes and, for a list of plain values (a role's permissions), what it adds and removes.
 * Pure: the Approvals screen draws it (ChangeDiff.tsx).
 */
import { fieldLabel, isCoinField } from './fieldLabels';

export interface DiffRow {
  /** The field's name, dotted for a nested one. */
  field: string;
  /** The field as its form labels it (fieldLabels.ts). */
  label: string;
  /** The value before, as text ('' when the change records none: a creation, or a field that is new). */
  before: string;
  /** The value after, as text ('' when the field goes away). */
  after: string;
  changed: boolean;
  /** For lists of plain values: the items the change adds, and the ones it removes. */
  added: string[];
  removed: string[];
}

export interface ChangeDiff {
  /** Whether the change records a before (an edit); else it only says what it would make (a creation, a removal). */
  hasBefore: boolean;
  rows: DiffRow[];
}

type Plain = string | number | boolean | null;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isPlain(value: unknown): value is Plain {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value);
}

/** A value as the screen shows it: lists joined by commas, objects as JSON, nothing as ''. */
export function valueText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value) && value.every(isPlain)) return value.map((item) => valueText(item)).join(', ');
  return JSON.stringify(value);
}

/** `value`'s fields, nested objects flattened to dotted names, in their order. */
function flatten(value: Record<string, unknown>, prefix = '', out = new Map<string, unknown>()): Map<string, unknown> {
  for (const [key, item] of Object.entries(value)) {
    const name = prefix + key;
    if (isRecord(item) && Object.keys(item).length > 0) flatten(item, `${name}.`, out);
    else out.set(name, item);
  }
  return out;
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

function listItems(value: unknown): string[] | null {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) && value.every(isPlain) ? value.map((item) => valueText(item)) : null;
}

/** Names a coin by its id ('' when unknown): the screen shows symbols, not ids. */
export type CoinName = (id: number) => string;

/** A coin field's id as its symbol, where known; any other value as it is. */
function named(field: string, value: unknown, coinName?: CoinName): unknown {
  if (!coinName || !isCoinField(field) || typeof value !== 'number') return value;
  return coinName(value) || value;
}

function row(field: string, rawBefore: unknown, rawAfter: unknown, coinName?: CoinName): DiffRow {
  const before = named(field, rawBefore, coinName);
  const after = named(field, rawAfter, coinName);
  const beforeItems = listItems(before);
  const afterItems = listItems(after);
  const lists = beforeItems !== null && afterItems !== null && (Array.isArray(before) || Array.isArray(after));
  // A list in another order is the same list: only what it adds or removes counts.
  const changed = lists
    ? beforeItems.length !== afterItems.length || afterItems.some((item) => !beforeItems.includes(item))
    : !sameValue(before, after);
  return {
    field,
    label: fieldLabel(field),
    before: valueText(before),
    after: valueText(after),
    changed,
    added: lists ? afterItems.filter((item) => !beforeItems.includes(item)) : [],
    removed: lists ? beforeItems.filter((item) => !afterItems.includes(item)) : [],
  };
}

/**
 * The rows of `change`: with `before` or `after` (objects), the union of their fields, the before's order first;
 * otherwise every field of the change as what it would make (no before). Anything else: no rows.
 */
export function diffChange(change: unknown, coinName?: CoinName): ChangeDiff {
  if (!isRecord(change)) return { hasBefore: false, rows: [] };
  const { before, after } = change;
  if (isRecord(before) || isRecord(after)) {
    const was = flatten(isRecord(before) ? before : {});
    const will = flatten(isRecord(after) ? after : {});
    const fields = [...new Set([...was.keys(), ...will.keys()])];
    return { hasBefore: isRecord(before), rows: fields.map((field) => row(field, was.get(field), will.get(field), coinName)) };
  }
  const details = flatten(change);
  return { hasBefore: false, rows: [...details].map(([field, value]) => ({ ...row(field, undefined, value, coinName), changed: true })) };
}

/** At most this many changed fields are named in a request's line; the rest are counted. */
const WORDS_FIELDS = 3;

/**
 * What an edit changes, as a person would write it: `Inviter Amount: 10 → 12; Permissions: + A, − B`. Empty for a
 * change that records no before (a creation or a removal says itself in its summary).
 */
export function changeInWords(diff: ChangeDiff): string {
  if (!diff.hasBefore) return '';
  const changed = diff.rows.filter((r) => r.changed);
  const words = changed.slice(0, WORDS_FIELDS).map((r) => {
    if (r.added.length > 0 || r.removed.length > 0) {
      return `${r.label}: ${[...r.added.map((a) => `+ ${a}`), ...r.removed.map((a) => `− ${a}`)].join(', ')}`;
    }
    return `${r.label}: ${r.before || '(none)'} → ${r.after || '(none)'}`;
  });
  const more = changed.length - WORDS_FIELDS;
  return [...words, ...(more > 0 ? [`${more} more`] : [])].join('; ');
}
