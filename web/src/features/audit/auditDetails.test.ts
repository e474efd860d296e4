import { describe, expect, it } from 'vitest';
import { compactDetails, detailFields, isEmptyDetails, prettyDetails, truncate } from './auditDetails';

describe('audit details', () => {
  it('shows objects as one line of JSON, spaced, and strings inside untouched', () => {
    expect(compactDetails({ role: 'a{ b', permissions: ['X', 'Y'], n: 2, ok: true, none: null })).toBe(
      '{"role": "a{ b", "permissions": ["X", "Y"], "n": 2, "ok": true, "none": null}',
    );
    expect(compactDetails({ nested: { a: [] } })).toBe('{"nested": {"a": []}}');
    expect(compactDetails('not json')).toBe('not json');
  });

  it('has nothing to show for {}, [], null and empty text', () => {
    for (const empty of [{}, [], null, undefined, '']) {
      expect(isEmptyDetails(empty)).toBe(true);
      expect(compactDetails(empty)).toBe('');
      expect(prettyDetails(empty)).toBe('');
    }
    expect(isEmptyDetails({ a: 1 })).toBe(false);
  });

  it('indents the whole text, and cuts long previews with an ellipsis', () => {
    expect(prettyDetails({ a: [1] })).toBe('{\n  "a": [\n    1\n  ]\n}');
    expect(truncate('abcdef', 6)).toBe('abcdef');
    expect(truncate('abcdefg', 6)).toBe('abcde…');
    expect(truncate('x'.repeat(200))).toHaveLength(80);
  });
});

describe('audit details as fields', () => {
  it('labels each key in words and shows each value as text', () => {
    expect(
      detailFields({ role: 'Support', permissions: ['A', 'B'], role_id: 7, enabled: false, deviceModel: 'x', none: null, empty: [] }),
    ).toEqual([
      { key: 'role', label: 'Role', value: 'Support' },
      { key: 'permissions', label: 'Permissions', value: 'A, B' },
      { key: 'role_id', label: 'Role ID', value: '7' },
      { key: 'enabled', label: 'Enabled', value: 'No' },
      { key: 'deviceModel', label: 'Device model', value: 'x' },
      { key: 'none', label: 'None', value: '—' },
      { key: 'empty', label: 'Empty', value: 'None' },
    ]);
  });

  it('shows nested objects as labelled parts, and text or a list as one field', () => {
    expect(detailFields({ before: { is_enabled: true, amount: '5' } })).toEqual([
      { key: 'before', label: 'Before', value: 'Is enabled: Yes; Amount: 5' },
    ]);
    expect(detailFields('plain')).toEqual([{ key: 'details', label: 'Details', value: 'plain' }]);
    expect(detailFields({})).toEqual([]);
    expect(detailFields(null)).toEqual([]);
  });
});
