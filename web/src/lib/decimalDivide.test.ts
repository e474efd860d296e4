import { describe, expect, it } from 'vitest';
import { divideDecimals } from './decimalDivide';

describe('divideDecimals', () => {
  it('divides exactly and truncates to the scale', () => {
    expect(divideDecimals('100', '67250.12', 8)).toBe('0.00148698');
    expect(divideDecimals('60', '1', 5)).toBe('60.00000');
    expect(divideDecimals('1', '3', 4)).toBe('0.3333');
    expect(divideDecimals('2', '3', 4)).toBe('0.6666');
    expect(divideDecimals('0.3', '0.1', 2)).toBe('3.00');
    expect(divideDecimals('-1', '8', 3)).toBe('-0.125');
    expect(divideDecimals('7', '2', 0)).toBe('3');
  });

  it('rounds up (towards +∞) when asked', () => {
    expect(divideDecimals('110.000001', '100', 4, 'up')).toBe('1.1001');
    expect(divideDecimals('110', '100', 4, 'up')).toBe('1.1000');
    expect(divideDecimals('2', '3', 4, 'up')).toBe('0.6667');
    expect(divideDecimals('-2', '3', 4, 'up')).toBe('-0.6666');
    expect(divideDecimals('2', '-3', 4, 'up')).toBe('-0.6666');
    expect(divideDecimals('-1', '8', 3)).toBe('-0.125');
  });

  it('gives null for a zero divisor or text that is not a decimal', () => {
    expect(divideDecimals('10', '0', 7)).toBeNull();
    expect(divideDecimals('10', '0.000', 7)).toBeNull();
    expect(divideDecimals('', '1', 7)).toBeNull();
    expect(divideDecimals('1e3', '1', 7)).toBeNull();
    expect(divideDecimals('10', 'abc', 7)).toBeNull();
  });
});
