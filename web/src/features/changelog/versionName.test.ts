import { describe, expect, it } from 'vitest';
import { formatVersionName, isCompleteVersionName } from './versionName';

describe('formatVersionName', () => {
  it('inserts the dots after the 1st and 5th characters as the user types', () => {
    const typed = '214001';
    const shown = [...typed].reduce<string[]>((steps, char) => {
      steps.push(formatVersionName((steps.at(-1) ?? '') + char));
      return steps;
    }, []);
    expect(shown).toEqual(['2', '2.1', '2.14', '2.140', '2.140.0', '2.140.01']);
  });

  it('stops at 8 characters and ignores anything but letters and digits', () => {
    expect(formatVersionName('2.140.019')).toBe('2.140.01');
    expect(formatVersionName('2-1 4/0.0,1')).toBe('2.140.01');
    expect(formatVersionName('1a2b3c')).toBe('1.a2b.3c');
    expect(formatVersionName('')).toBe('');
    expect(formatVersionName(undefined)).toBe('');
  });

  it('lets a dot be deleted (backspace after "2.140.")', () => {
    expect(formatVersionName('2.140.')).toBe('2.140');
    expect(formatVersionName('2.')).toBe('2');
  });

  it('a whole name has exactly 8 characters', () => {
    expect(isCompleteVersionName('2.140.01')).toBe(true);
    expect(isCompleteVersionName('2.140.0')).toBe(false);
    expect(isCompleteVersionName('21400100')).toBe(false);
    expect(isCompleteVersionName(undefined)).toBe(false);
  });
});
