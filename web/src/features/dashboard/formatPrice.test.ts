import { describe, expect, it } from 'vitest';
import { formatPrice } from './formatPrice';

describe('formatPrice', () => {
  it('shows dollars from $1 up and a 5-decimal rate below', () => {
    expect(formatPrice('67250.12')).toBe('$67,250.12');
    expect(formatPrice('1')).toBe('$1.00');
    expect(formatPrice('0.1234')).toBe('$0.12340');
  });
});
