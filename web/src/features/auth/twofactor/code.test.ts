import { describe, expect, it } from 'vitest';
import { CODE_LENGTH, normalizeCode } from './code';

describe('normalizeCode', () => {
  it('keeps at most six digits and drops everything else', () => {
    expect(CODE_LENGTH).toBe(6);
    expect(normalizeCode('123456')).toBe('123456');
    expect(normalizeCode('123 456')).toBe('123456');
    expect(normalizeCode('12-34-56-78')).toBe('123456');
    expect(normalizeCode('ab1c2')).toBe('12');
    expect(normalizeCode('')).toBe('');
  });
});
