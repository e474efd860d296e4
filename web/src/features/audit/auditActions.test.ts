import { describe, expect, it } from 'vitest';
import type { ActionOption, ActionOptionGroup } from './auditActions';
import { actionColour, actionFamily, actionOptions } from './auditActions';

const values = (options: (ActionOption | ActionOptionGroup)[]) =>
  options.flatMap((o) => ('options' in o ? o.options.map((x) => x.value) : [o.value]));

describe('audit actions', () => {
  it('groups actions by the text up to the first dot', () => {
    expect(actionFamily('login.failure')).toBe('login.');
    expect(actionFamily('app_version.create')).toBe('app_version.');
    expect(actionFamily('logout')).toBe('logout');
  });

  it('colours failures and lock-outs red, else by family', () => {
    expect(actionColour('login.failure')).toBe('red');
    expect(actionColour('login.locked')).toBe('red');
    expect(actionColour('2fa.failure')).toBe('red');
    expect(actionColour('login.success')).toBe('blue');
    expect(actionColour('role.delete')).toBe('purple');
    expect(actionColour('user.create')).toBe('cyan');
    expect(actionColour('demo.seed')).toBe('default');
  });

  it('offers every action, the families as prefixes, each action, and typed text that is none of them', () => {
    const known = values(actionOptions());
    expect(known.slice(0, 2)).toEqual(['', 'login.']);
    expect(known).toEqual(expect.arrayContaining(['role.', 'user.', 'role.update', 'login.failure', 'logout', 'promotion.update']));
    expect(known).not.toContain('logout.');
    expect(new Set(known).size).toBe(known.length);
    expect(values(actionOptions('role.'))).toEqual(known);
    expect(values(actionOptions(' demo. '))).toEqual(['demo.', ...known]);
  });
});
