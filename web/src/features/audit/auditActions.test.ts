import { describe, expect, it } from 'vitest';
import openapiText from '../../../../docs/openapi.json?raw';
import type { ActionOption, ActionOptionGroup } from './auditActions';
import { ACTION_FAMILIES, ACTION_LABELS, actionColour, actionFamily, actionLabel, actionOptions } from './auditActions';

/** The contract's list of every action the server writes (Go's audit.Actions, checked against the code there). */
function serverActions(): string[] {
  const spec = JSON.parse(openapiText) as {
    components: { schemas: Record<string, { enum?: string[] }> };
  };
  return spec.components.schemas.AuditKnownAction?.enum ?? [];
}

const values = (options: (ActionOption | ActionOptionGroup)[]) =>
  options.flatMap((o) => ('options' in o ? o.options.map((x) => x.value) : [o.value]));

describe('audit actions', () => {
  it('has words, and a family in the filter, for every action the server writes', () => {
    const actions = serverActions();
    expect(actions.length).toBeGreaterThan(40);
    const labelled = ACTION_LABELS as Readonly<Record<string, string>>;
    expect(actions.filter((a) => !labelled[a])).toEqual([]);
    const offered = ACTION_FAMILIES.flatMap((f) => f.actions);
    expect(actions.filter((a) => !offered.includes(a))).toEqual([]);
    expect(Object.keys(ACTION_LABELS).filter((a) => !actions.includes(a))).toEqual([]);
    expect(actionLabel('role.update')).toBe('Role edited');
    expect(actionLabel('old.action')).toBe('old.action');
  });

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
    expect(values(actionOptions(' other. '))).toEqual(['other.', ...known]);
  });

  it('offers the step-up, session, recovery-code and password actions, each with words beside it', () => {
    const known = values(actionOptions());
    for (const action of [
      'session.step_up',
      'session.step_up_failure',
      'session.revoke',
      'session.revoke_others',
      'session.issued_by_tool',
      'recovery_codes.issue',
      '2fa.recovery_code_used',
      '2fa.locked',
      'password.change',
      'password.change_failure',
      'user.unlock',
      'session.',
      'recovery_codes.',
    ]) {
      expect(known).toContain(action);
    }
    const actions = ACTION_FAMILIES.flatMap((f) => f.actions);
    expect(actions.filter((a) => actionLabel(a) === a)).toEqual([]);
    const step = actionOptions()
      .flatMap((o) => ('options' in o ? o.options : [o]))
      .find((o) => o.value === 'session.step_up');
    expect(step).toEqual({ value: 'session.step_up', title: 'session.step_up', label: 'session.step_up · Second factor confirmed for sensitive changes' });
    expect(actionColour('session.step_up_failure')).toBe('red');
    expect(actionColour('session.step_up')).toBe('blue');
    expect(actionColour('2fa.recovery_code_used')).toBe('geekblue');
  });

  it('offers the reads (exports, profile parts, bulk reads) as a family and each read, in their own colour', () => {
    const known = values(actionOptions());
    expect(known).toEqual(expect.arrayContaining(['read.', 'read.csv_export', 'read.profile_open', 'read.bulk']));
    const family = actionOptions()
      .flatMap((o) => ('options' in o ? o.options : [o]))
      .find((o) => o.value === 'read.');
    expect(family?.label).toBe('Reads (read.*)');
    expect(ACTION_LABELS['read.csv_export']).toBeTruthy();
    expect(ACTION_LABELS['read.profile_open']).toBeTruthy();
    expect(ACTION_LABELS['read.bulk']).toBeTruthy();
    expect(actionColour('read.csv_export')).toBe('green');
    expect(actionColour('read.profile_open')).toBe('green');
    expect(actionColour('read.bulk')).toBe('green');
  });
});
