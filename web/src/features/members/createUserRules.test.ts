import { describe, expect, it } from 'vitest';
import { canCreateUser } from './createUserRules';

describe('canCreateUser', () => {
  it('needs a password and an equal confirmation, whatever their length', () => {
    expect(canCreateUser(undefined, undefined)).toBe(false);
    expect(canCreateUser('', '')).toBe(false);
    expect(canCreateUser('secret', 'secre')).toBe(false);
    expect(canCreateUser('secret', 'Secret')).toBe(false);
    expect(canCreateUser('a', 'a')).toBe(true);
    expect(canCreateUser('S3cure-pass-9', 'S3cure-pass-9')).toBe(true);
  });
});
