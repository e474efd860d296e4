import type { Transaction } from './types';

export type StatusBadge = 'default' | 'error' | 'warning' | 'success';

export interface DisplayStatus {
  label: string;
  badge: StatusBadge;
}

/**
 * A transaction's display status: 'failed' → Failed (red, shown as a red tag of its own so it stands out at least
 * as much as Pending); else no confirmation yet → Pending (red); fewer than the maximum → "Confirmation: n/max"
 * (warning); at or above it → Confirmed (green).
 */
export function displayStatus(tx: Pick<Transaction, 'status' | 'confirmations' | 'maxConfirmation'>): DisplayStatus {
  if (tx.status === 'failed') return { label: 'Failed', badge: 'error' };
  if (tx.confirmations <= 0) return { label: 'Pending', badge: 'error' };
  if (tx.confirmations < tx.maxConfirmation) {
    return { label: `Confirmation: ${tx.confirmations}/${tx.maxConfirmation}`, badge: 'warning' };
  }
  return { label: 'Confirmed', badge: 'success' };
}
