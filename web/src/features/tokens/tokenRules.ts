/**
 * When the token panels' buttons are enabled. Text lengths are counted without surrounding spaces (the server trims
 * them too).
 */
import type { TokenFormValues, TokenInput } from './types';

export const MIN_SYMBOL_LENGTH = 3;
export const MIN_CONTRACT_LENGTH = 10;
export const MIN_MODIFY_NAME_LENGTH = 4;
export const MIN_DECIMALS = 1;
export const MIN_MAX_CONFIRMATION = 1;

function length(text: string | null | undefined): number {
  return (text ?? '').trim().length;
}

function isNumber(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

function contractsLongEnough(values: TokenFormValues): boolean {
  return length(values.mainContract) >= MIN_CONTRACT_LENGTH && length(values.testContract) >= MIN_CONTRACT_LENGTH;
}

/**
 * Add Token: disabled when the symbol is shorter than 3, decimals below 1, either contract address shorter than
 * 10, max confirmation below 1, or while the call runs. The name and min spendable are not checked.
 */
export function canAddToken(values: TokenFormValues, submitting: boolean): boolean {
  return (
    !submitting &&
    length(values.symbol) >= MIN_SYMBOL_LENGTH &&
    isNumber(values.decimals) &&
    values.decimals >= MIN_DECIMALS &&
    contractsLongEnough(values) &&
    isNumber(values.maxConfirmation) &&
    values.maxConfirmation >= MIN_MAX_CONFIRMATION
  );
}

/**
 * Modify Token: disabled when the name is shorter than 4, the symbol shorter than 3, decimals empty, either
 * contract address shorter than 10, max confirmation empty, or while the call runs.
 */
export function canModifyToken(values: TokenFormValues, submitting: boolean): boolean {
  return (
    !submitting &&
    length(values.name) >= MIN_MODIFY_NAME_LENGTH &&
    length(values.symbol) >= MIN_SYMBOL_LENGTH &&
    isNumber(values.decimals) &&
    contractsLongEnough(values) &&
    isNumber(values.maxConfirmation)
  );
}

/** The payload from the form; an empty min spendable is sent as 0 (it is not checked). */
export function toTokenInput(values: TokenFormValues, blockchain: number): TokenInput {
  return {
    name: (values.name ?? '').trim(),
    symbol: (values.symbol ?? '').trim(),
    decimals: values.decimals ?? null,
    mainContract: (values.mainContract ?? '').trim(),
    testContract: (values.testContract ?? '').trim(),
    maxConfirmation: values.maxConfirmation ?? null,
    minSpendable: values.minSpendable || '0',
    blockchain,
  };
}
