import { describe, expect, it } from 'vitest';
import { changeInWords, diffChange, valueText } from './changeDiff';

describe('diffChange', () => {
  it('lines before and after up field by field, marking what changes', () => {
    const diff = diffChange({
      before: { role: 'Support', description: 'Help desk', permissions: ['A', 'B'] },
      after: { role: 'Support', description: 'First line', permissions: ['B', 'C'] },
    });
    expect(diff.hasBefore).toBe(true);
    expect(diff.rows).toEqual([
      { field: 'role', label: 'Name', before: 'Support', after: 'Support', changed: false, added: [], removed: [] },
      { field: 'description', label: 'Description', before: 'Help desk', after: 'First line', changed: true, added: [], removed: [] },
      { field: 'permissions', label: 'Permissions', before: 'A, B', after: 'B, C', changed: true, added: ['C'], removed: ['A'] },
    ]);
  });

  it('takes a list in another order for the same list', () => {
    const [permissions] = diffChange({ before: { permissions: ['A', 'B'] }, after: { permissions: ['B', 'A'] } }).rows;
    expect(permissions.changed).toBe(false);
    expect(permissions.added).toEqual([]);
  });

  it('lists a field that only one side has, after the before’s fields', () => {
    const diff = diffChange({ before: { a: 1 }, after: { a: 1, b: true } });
    expect(diff.rows.map((r) => [r.field, r.before, r.after, r.changed])).toEqual([
      ['a', '1', '1', false],
      ['b', '', 'true', true],
    ]);
  });

  it('flattens nested objects to dotted names', () => {
    const diff = diffChange({ before: { inviter: { amount: '5', coin: 'XPA' } }, after: { inviter: { amount: '7', coin: 'XPA' } } });
    expect(diff.rows.map((r) => [r.field, r.changed])).toEqual([
      ['inviter.amount', true],
      ['inviter.coin', false],
    ]);
  });

  it('an after without a before (a creation): every field is new', () => {
    const diff = diffChange({ after: { role: 'Auditors', permissions: ['A'] } });
    expect(diff.hasBefore).toBe(false);
    expect(diff.rows).toEqual([
      { field: 'role', label: 'Name', before: '', after: 'Auditors', changed: true, added: [], removed: [] },
      { field: 'permissions', label: 'Permissions', before: '', after: 'A', changed: true, added: ['A'], removed: [] },
    ]);
  });

  it('details without before or after: each field is what the change would make', () => {
    const diff = diffChange({ role: 'Support', users: [3, 4] });
    expect(diff.hasBefore).toBe(false);
    expect(diff.rows.map((r) => [r.field, r.after, r.changed])).toEqual([
      ['role', 'Support', true],
      ['users', '3, 4', true],
    ]);
  });

  it('has no rows for a change that is not an object', () => {
    expect(diffChange(null)).toEqual({ hasBefore: false, rows: [] });
    expect(diffChange('x')).toEqual({ hasBefore: false, rows: [] });
    expect(diffChange([1])).toEqual({ hasBefore: false, rows: [] });
  });

  it('treats null and a missing value alike', () => {
    const [row] = diffChange({ before: { phone: null }, after: {} }).rows;
    expect(row).toMatchObject({ before: '', after: '', changed: false });
  });
});

describe('valueText', () => {
  it('writes values as the screen shows them', () => {
    expect(valueText(undefined)).toBe('');
    expect(valueText(false)).toBe('false');
    expect(valueText(['a', 1])).toBe('a, 1');
    expect(valueText([{ a: 1 }])).toBe('[{"a":1}]');
    expect(valueText({ a: 1 })).toBe('{"a":1}');
  });

  it('labels fields as their form does and names coins by symbol, never by id or internal key', () => {
    const symbols: Record<number, string> = { 6: 'USDT (TRX)', 7: 'BTC' };
    const diff = diffChange(
      { before: { invited: { coin: 6, amount: '10' } }, after: { invited: { coin: 7, amount: '12' } } },
      (id) => symbols[id] ?? '',
    );
    expect(diff.rows.map((r) => [r.label, r.before, r.after, r.changed])).toEqual([
      ['Invited Coin', 'USDT (TRX)', 'BTC', true],
      ['Invited Promotion Amount (USD)', '10', '12', true],
    ]);
  });

  it('keeps an unknown coin’s id rather than showing nothing', () => {
    const [coin] = diffChange({ inviter: { coin: 9 } }, () => '').rows;
    expect([coin.label, coin.after]).toEqual(['Inviter Coin', '9']);
  });
});

describe('changeInWords', () => {
  it('says what an edit changes, coins by symbol, lists by what they add and remove', () => {
    const coinName = (id: number) => ({ 5: 'USDT', 6: 'BTC' })[id] ?? '';
    const promotion = {
      before: { isEnabled: true, inviter: { coin: 5, amount: '10' }, waitingDays: 50 },
      after: { isEnabled: true, inviter: { coin: 6, amount: '12' }, waitingDays: 50 },
    };
    expect(changeInWords(diffChange(promotion, coinName))).toMatch(/^[^:]+: USDT → BTC; [^:]+: 10 → 12$/);
    const role = { before: { role: 'Support', permissions: ['A', 'B'] }, after: { role: 'Support', permissions: ['B', 'C'] } };
    expect(changeInWords(diffChange(role))).toBe('Permissions: + C, − A');
    expect(changeInWords(diffChange({ role: 'New', permissions: ['A'] }))).toBe('');
  });

  it('names three fields and counts the rest', () => {
    const before = { a: '1', b: '1', c: '1', d: '1', e: '1' };
    const after = { a: '2', b: '2', c: '2', d: '2', e: '2' };
    expect(changeInWords(diffChange({ before, after }))).toMatch(/; 2 more$/);
  });
});
