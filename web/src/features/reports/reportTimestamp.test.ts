import { describe, expect, it } from 'vitest';
import { reportTimestamp } from './reportTimestamp';

describe('reportTimestamp (Created At)', () => {
  it("drops the '+00:00' suffix and puts a space for the 'T'", () => {
    expect(reportTimestamp('2026-11-22T02:04:17+00:00')).toBe('2026-11-22 02:04:17');
  });

  it('leaves another offset, and a text without T or suffix, as they are', () => {
    expect(reportTimestamp('2026-11-22T02:04:17+02:00')).toBe('2026-11-22 02:04:17+02:00');
    expect(reportTimestamp('2026-11-22 02:04:17')).toBe('2026-11-22 02:04:17');
  });
});
