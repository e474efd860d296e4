import { describe, expect, it } from 'vitest';
import { canAddToken, canModifyToken, toTokenInput } from './tokenRules';
import type { TokenFormValues } from './types';

const valid: TokenFormValues = {
  name: 'Tether USD',
  symbol: 'USDT',
  decimals: 6,
  mainContract: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  testContract: 'TZwLxNVnpykqWrSV6AnEoU3N1UdSccbbd7',
  maxConfirmation: 19,
  minSpendable: '0.0001',
};

describe('Add Token', () => {
  it('is enabled for a valid token, whatever the name and min spendable', () => {
    expect(canAddToken(valid, false)).toBe(true);
    expect(canAddToken({ ...valid, name: '', minSpendable: null }, false)).toBe(true);
  });

  it.each<[string, TokenFormValues]>([
    ['symbol shorter than 3', { ...valid, symbol: 'US' }],
    ['symbol of spaces', { ...valid, symbol: '   ' }],
    ['decimals below 1', { ...valid, decimals: 0 }],
    ['decimals empty', { ...valid, decimals: null }],
    ['main contract shorter than 10', { ...valid, mainContract: '123456789' }],
    ['test contract shorter than 10', { ...valid, testContract: '123456789' }],
    ['max confirmation below 1', { ...valid, maxConfirmation: 0 }],
    ['max confirmation empty', { ...valid, maxConfirmation: undefined }],
  ])('is disabled with %s', (_rule, values) => {
    expect(canAddToken(values, false)).toBe(false);
  });

  it('is disabled while submitting', () => {
    expect(canAddToken(valid, true)).toBe(false);
  });

  it('takes the limits themselves', () => {
    expect(canAddToken({ ...valid, symbol: 'ABC', decimals: 1, mainContract: '0123456789', testContract: '0123456789', maxConfirmation: 1 }, false)).toBe(true);
  });
});

describe('Modify Token', () => {
  it('is enabled for a valid token', () => {
    expect(canModifyToken(valid, false)).toBe(true);
    expect(canModifyToken({ ...valid, name: 'Dai!', decimals: 0, maxConfirmation: 0 }, false)).toBe(true);
  });

  it.each<[string, TokenFormValues]>([
    ['name shorter than 4', { ...valid, name: 'Dai' }],
    ['symbol shorter than 3', { ...valid, symbol: 'DA' }],
    ['decimals empty', { ...valid, decimals: null }],
    ['main contract shorter than 10', { ...valid, mainContract: 'short' }],
    ['test contract shorter than 10', { ...valid, testContract: 'short' }],
    ['max confirmation empty', { ...valid, maxConfirmation: null }],
  ])('is disabled with %s', (_rule, values) => {
    expect(canModifyToken(values, false)).toBe(false);
  });

  it('is disabled while submitting', () => {
    expect(canModifyToken(valid, true)).toBe(false);
  });
});

describe('toTokenInput', () => {
  it('trims the texts, sends the chain id and 0 for an empty min spendable', () => {
    expect(toTokenInput({ ...valid, name: ' Tether USD ', minSpendable: '' }, 3)).toEqual({
      name: 'Tether USD',
      symbol: 'USDT',
      decimals: 6,
      mainContract: valid.mainContract,
      testContract: valid.testContract,
      maxConfirmation: 19,
      minSpendable: '0',
      blockchain: 3,
    });
  });
});
