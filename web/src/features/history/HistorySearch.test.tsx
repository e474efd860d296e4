import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { HistoryFilters } from './historyFilters';
import { defaultHistoryFilters } from './historyFilters';
import { HistorySearch } from './HistorySearch';

async function pick(user: ReturnType<typeof userEvent.setup>, option: string) {
  await user.click(screen.getByRole('combobox', { name: 'Search by' }));
  await user.click(await screen.findByTitle(option));
}

describe('<HistorySearch>', () => {
  // The router renders a change of the URL as a transition: on a busy machine staff type before it lands.
  it('keeps what was typed when its own change reaches the URL late', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const byEmail: HistoryFilters = { ...defaultHistoryFilters(), email: 'ana@example.com' };
    const { rerender } = render(<HistorySearch filters={byEmail} onChange={onChange} />);
    await pick(user, 'Address');
    expect(onChange).toHaveBeenLastCalledWith({ q: undefined, email: undefined, address: undefined });
    await user.type(screen.getByRole('searchbox', { name: 'Address' }), 'TqwrTy');
    rerender(<HistorySearch filters={{ ...byEmail, email: undefined }} onChange={onChange} />);
    expect(screen.getByRole('searchbox', { name: 'Address' })).toHaveValue('TqwrTy');
  });

  it('shows what the URL searches for when it changes under the box', () => {
    const filters = defaultHistoryFilters();
    const { rerender } = render(<HistorySearch filters={{ ...filters, email: 'ana@example.com' }} onChange={vi.fn()} />);
    expect(screen.getByRole('searchbox', { name: 'Customer email' })).toHaveValue('ana@example.com');
    rerender(<HistorySearch filters={{ ...filters, address: 'TqwrTy' }} onChange={vi.fn()} />);
    expect(screen.getByRole('searchbox', { name: 'Address' })).toHaveValue('TqwrTy');
    rerender(<HistorySearch filters={filters} onChange={vi.fn()} />);
    expect(screen.getByRole('searchbox', { name: 'Address' })).toHaveValue('');
  });
});
