import { describe, expect, it } from 'vitest';
import { compactDetails, isEmptyDetails, prettyDetails, truncate } from './auditDetails';

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
