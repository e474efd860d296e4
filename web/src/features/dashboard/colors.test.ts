import { describe, expect, it } from 'vitest';
import { candleDirection, companyBalanceTone, percentTone } from './colors';

describe('company balance colour', () => {
  it.each([
    ['100', '100', 'blue'],
    ['100', '110', 'blue'], // 1.1 × 100 = 110: at the boundary, still blue
    ['100', '110.000001', 'orange'],
    ['100', '115', 'orange'], // 1.15 × 100 = 115: at the boundary, still orange
    ['100', '115.000001', 'red'],
    ['0', '0', 'blue'],
    ['0', '0.000001', 'red'],
    ['30.92472227', '32.47095838', 'blue'],
    ['752064.336752', '1052890.071453', 'red'],
  ] as const)('company %s, customers %s → %s', (company, customer, tone) => {
    expect(companyBalanceTone(company, customer)).toBe(tone);
  });
});

describe('candle and percent colours', () => {
  it('is up when the close is at or above the open', () => {
    expect(candleDirection({ open: '10', close: '10.5' })).toBe('up');
    expect(candleDirection({ open: '83134.03869822', close: '83134.03869822' })).toBe('up');
    expect(candleDirection({ open: '10', close: '9.99999999' })).toBe('down');
  });

  it('colours the change percent by its sign', () => {
    expect(percentTone('0.82')).toBe('positive');
    expect(percentTone('0')).toBe('zero');
    expect(percentTone('0.00')).toBe('zero');
    expect(percentTone('-19.77')).toBe('negative');
  });
});
