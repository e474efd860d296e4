import { describe, expect, it } from 'vitest';
import { targetText } from './auditTargets';

describe('audit targets in words', () => {
  it("uses the server's name for the target when it has one", () => {
    expect(targetText('user:53', 'ann@xapa.example')).toBe('ann@xapa.example');
    expect(targetText('role:5', 'Support')).toBe('Support');
  });

  it('reads the kind and id in words otherwise', () => {
    expect(targetText('user:53', null)).toBe('User #53');
    expect(targetText('role:5', null)).toBe('Role #5 (deleted)');
    expect(targetText('approval:9', null)).toBe('Approval request #9');
    expect(targetText('ip:192.0.2.1', null)).toBe('Address 192.0.2.1');
    expect(targetText('username:mallory', null)).toBe('"mallory" (no account)');
    expect(targetText('promotion', null)).toBe('The promotion');
    expect(targetText('something:else', null)).toBe('something:else');
    expect(targetText('plain', undefined)).toBe('plain');
  });
});
