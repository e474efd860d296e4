/**
 * The changelog builder's rules: Add Changelog waits for the release date and
 * a whole name; item fields wait for a group; another item field needs the last item to have 4+ characters;
 * Submit Changelog needs at least one entry.
 */
import type { ChangeLogGroup } from './types';

export const MIN_ITEM_LENGTH = 4;

/** The item texts that count: trimmed, blanks left out. */
export function filledItems(items: readonly string[]): string[] {
  return items.map((item) => item.trim()).filter((item) => item !== '');
}

/** Item fields are enabled only once a group is chosen. */
export function itemsEnabled(group: string | undefined): boolean {
  return Boolean(group);
}

/** Another item field may be added once the last one holds at least 4 characters. */
export function canAddItemField(items: readonly string[]): boolean {
  const last = items.at(-1);
  return last !== undefined && last.trim().length >= MIN_ITEM_LENGTH;
}

export interface AddChangelogState {
  /** The name is whole (8 characters). */
  nameSet: boolean;
  releaseDateSet: boolean;
  group: string | undefined;
  items: readonly string[];
}

/**
 * Add Changelog: disabled until the release date and the name are set, and then until a group is chosen with at
 * least one item, every item of 4+ characters (the server takes nothing shorter).
 */
export function canAddChangelog({ nameSet, releaseDateSet, group, items }: AddChangelogState): boolean {
  const filled = filledItems(items);
  return (
    nameSet &&
    releaseDateSet &&
    itemsEnabled(group) &&
    filled.length > 0 &&
    filled.every((item) => item.length >= MIN_ITEM_LENGTH)
  );
}

/**
 * The entries after Add Changelog: a group already listed gets the new items appended (a change log holds each
 * group once); otherwise the group is added at the end.
 */
export function addChangelogEntry(entries: readonly ChangeLogGroup[], groupName: string, items: readonly string[]): ChangeLogGroup[] {
  const filled = filledItems(items);
  const existing = entries.find((entry) => entry.groupName === groupName);
  if (!existing) return [...entries, { groupName, items: filled }];
  return entries.map((entry) => (entry === existing ? { groupName, items: [...entry.items, ...filled] } : entry));
}

/** Submit Changelog: disabled with no entries. */
export function canSubmitChangelog(entries: readonly ChangeLogGroup[]): boolean {
  return entries.length > 0;
}
