import { describe, expect, it } from 'vitest';
import { canApplyRole } from './roleRules';

describe('canApplyRole', () => {
  it('needs a name of 3 characters or more', () => {
    expect(canApplyRole(undefined)).toBe(false);
    expect(canApplyRole('ab')).toBe(false);
    expect(canApplyRole('  ab  ')).toBe(false);
    expect(canApplyRole('abc')).toBe(true);
  });
});
