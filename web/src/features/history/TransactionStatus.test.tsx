import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TransactionStatus } from './TransactionStatus';

describe('transaction display status', () => {
  it.each([
    ['Pending', 'error'],
    ['Confirmation: 1/3', 'warning'],
    ['Confirmed', 'success'],
  ] as const)('shows %s as a %s badge', (label, badge) => {
    const { container } = render(<TransactionStatus tx={{ status: 'pending', displayStatus: { label, badge } }} />);
    expect(screen.getByText(label)).toBeInTheDocument();
    expect(container.querySelector(`.ant-badge-status-${badge}`)).not.toBeNull();
  });

  it('shows a failed transaction as a red tag of its own, not a dot like Pending', () => {
    const { container } = render(
      <TransactionStatus tx={{ status: 'failed', displayStatus: { label: 'Failed', badge: 'error' } }} />,
    );
    expect(screen.getByText('Failed').closest('.ant-tag')).toHaveClass('ant-tag-error');
    expect(container.querySelector('.ant-badge-status-dot')).toBeNull();
  });
});
