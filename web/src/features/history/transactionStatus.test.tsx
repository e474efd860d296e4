import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { displayStatus } from './transactionStatus';
import { TransactionStatus } from './TransactionStatus';

describe('transaction display status', () => {
  it.each([
    [{ status: 'failed', confirmations: 0, maxConfirmation: 3 }, 'Failed', 'error'],
    [{ status: 'failed', confirmations: 5, maxConfirmation: 3 }, 'Failed', 'error'],
    [{ status: 'pending', confirmations: 0, maxConfirmation: 3 }, 'Pending', 'error'],
    [{ status: 'pending', confirmations: 1, maxConfirmation: 3 }, 'Confirmation: 1/3', 'warning'],
    [{ status: 'pending', confirmations: 2, maxConfirmation: 3 }, 'Confirmation: 2/3', 'warning'],
    [{ status: 'pending', confirmations: 3, maxConfirmation: 3 }, 'Confirmed', 'success'],
    [{ status: 'confirmed', confirmations: 4, maxConfirmation: 3 }, 'Confirmed', 'success'],
  ] as const)('%o → %s (%s)', (tx, label, badge) => {
    expect(displayStatus(tx)).toEqual({ label, badge });
  });

  it('renders the badge with its colour', () => {
    const { container } = render(<TransactionStatus tx={{ status: 'pending', confirmations: 0, maxConfirmation: 12 }} />);
    expect(screen.getByText('Pending')).toBeInTheDocument();
    expect(container.querySelector('.ant-badge-status-error')).not.toBeNull();
  });

  it('shows a failed transaction as a red tag of its own, not a dot like Pending', () => {
    const { container } = render(<TransactionStatus tx={{ status: 'failed', confirmations: 0, maxConfirmation: 12 }} />);
    expect(screen.getByText('Failed').closest('.ant-tag')).toHaveClass('ant-tag-error');
    expect(container.querySelector('.ant-badge-status-dot')).toBeNull();
  });
});
