import { describe, expect, it } from 'vitest';
import { candleDirection, companyBalanceExplanation, companyBalanceTone, customersPerCompany, percentTone } from './colors';

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

describe('company balance explanation', () => {
  it('gives the customers per company ratio, rounded up so it never shows under a threshold it passed', () => {
    expect(customersPerCompany('100', '110')).toBe('1.1000');
    expect(customersPerCompany('100', '110.000001')).toBe('1.1001');
    expect(customersPerCompany('200', '100')).toBe('0.5000');
    expect(customersPerCompany('0', '5')).toBeNull();
  });

  it('states the rule of the colour and the actual ratio', () => {
    expect(companyBalanceExplanation('100', '112')).toBe(
      "Orange: 1.15 × company balance is at least the customers' balance (1.1 × is not). Customers' balance is 1.1200 × the company balance.",
    );
    expect(companyBalanceExplanation('0', '5')).toBe("Red: 1.15 × company balance is below the customers' balance. The company holds none.");
    expect(companyBalanceExplanation('0', '0')).toBe("Blue: 1.1 × company balance is at least the customers' balance. Neither holds any.");
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
