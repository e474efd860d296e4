import { describe, expect, it } from 'vitest';
import {
  addChangelogEntry,
  canAddChangelog,
  canAddItemField,
  canSubmitChangelog,
  filledItems,
  itemsEnabled,
} from './changelogBuilder';

const ready = { nameSet: true, releaseDateSet: true, group: 'Bug Fixes', items: ['Fix the CSV dates'] };

describe('changelog builder rules', () => {
  it('Add Changelog waits for the release date and the name', () => {
    expect(canAddChangelog(ready)).toBe(true);
    expect(canAddChangelog({ ...ready, nameSet: false })).toBe(false);
    expect(canAddChangelog({ ...ready, releaseDateSet: false })).toBe(false);
    expect(canAddChangelog({ ...ready, nameSet: false, releaseDateSet: false })).toBe(false);
  });

  it('Add Changelog also needs a group and items of 4+ characters', () => {
    expect(canAddChangelog({ ...ready, group: undefined })).toBe(false);
    expect(canAddChangelog({ ...ready, items: [''] })).toBe(false);
    expect(canAddChangelog({ ...ready, items: ['abc'] })).toBe(false);
    expect(canAddChangelog({ ...ready, items: ['abcd', '  '] })).toBe(true);
    expect(canAddChangelog({ ...ready, items: ['abcd', 'ab'] })).toBe(false);
  });

  it('item fields are enabled only once a group is chosen', () => {
    expect(itemsEnabled(undefined)).toBe(false);
    expect(itemsEnabled('')).toBe(false);
    expect(itemsEnabled('New Features')).toBe(true);
  });

  it('another item field needs the last item to have at least 4 characters', () => {
    expect(canAddItemField([])).toBe(false);
    expect(canAddItemField([''])).toBe(false);
    expect(canAddItemField(['abc'])).toBe(false);
    expect(canAddItemField(['  abc  '])).toBe(false);
    expect(canAddItemField(['abcd'])).toBe(true);
    expect(canAddItemField(['abcd', 'ab'])).toBe(false);
  });

  it('Submit Changelog is disabled with no entries', () => {
    expect(canSubmitChangelog([])).toBe(false);
    expect(canSubmitChangelog([{ groupName: 'Security', items: ['Shorter sessions'] }])).toBe(true);
  });

  it('adds an entry per group, appending to a group already listed', () => {
    let entries = addChangelogEntry([], 'Bug Fixes', [' Fix one ', '']);
    expect(entries).toEqual([{ groupName: 'Bug Fixes', items: ['Fix one'] }]);
    entries = addChangelogEntry(entries, 'Security', ['Harden it']);
    entries = addChangelogEntry(entries, 'Bug Fixes', ['Fix two']);
    expect(entries).toEqual([
      { groupName: 'Bug Fixes', items: ['Fix one', 'Fix two'] },
      { groupName: 'Security', items: ['Harden it'] },
    ]);
    expect(filledItems([' a ', ' ', 'b'])).toEqual(['a', 'b']);
  });
});
