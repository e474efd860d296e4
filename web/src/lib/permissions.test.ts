import { describe, expect, it } from 'vitest';
import { can, Permission } from './permissions';

describe('can', () => {
  const held = [Permission.USERS_LIST, Permission.TRANSACTION_HISTORY];

  it('passes a rule that needs nothing, even without permissions', () => {
    expect(can([], null)).toBe(true);
    expect(can(undefined, undefined)).toBe(true);
    expect(can(null, null)).toBe(true);
  });

  it('checks one key', () => {
    expect(can(held, Permission.USERS_LIST)).toBe(true);
    expect(can(held, Permission.ROLES_LIST)).toBe(false);
    expect(can(undefined, Permission.USERS_LIST)).toBe(false);
  });

  it('needs every key of an array', () => {
    const accounting = [Permission.TRANSACTION_ACCOUNTING, Permission.USER_ACCOUNTING] as const;
    expect(can([Permission.TRANSACTION_ACCOUNTING], accounting)).toBe(false);
    expect(can([Permission.USER_ACCOUNTING], accounting)).toBe(false);
    expect(can([Permission.USER_ACCOUNTING, Permission.TRANSACTION_ACCOUNTING], accounting)).toBe(true);
    expect(can([], [])).toBe(true);
  });

  it('needs one key of anyOf', () => {
    expect(can(held, { anyOf: [Permission.ROLES_LIST, Permission.USERS_LIST] })).toBe(true);
    expect(can(held, { anyOf: [Permission.ROLES_LIST, Permission.CREATE_ROLE] })).toBe(false);
    expect(can(held, { anyOf: [] })).toBe(false);
  });

  it('matches keys exactly (no prefixes, no case folding)', () => {
    expect(can(['ADMIN_USERS'], Permission.USERS_LIST)).toBe(false);
    expect(can(['admin_users_list'], Permission.USERS_LIST)).toBe(false);
  });
});
