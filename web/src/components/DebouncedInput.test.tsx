import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DebouncedInput } from './DebouncedInput';

const box = () => screen.getByRole('searchbox', { name: 'Search' });

describe('DebouncedInput', () => {
  it('tells the trimmed text once the typing pauses, and keeps the text as typed', async () => {
    const onChange = vi.fn();
    const { rerender } = render(<DebouncedInput type="search" aria-label="Search" value="" onChange={onChange} delayMs={10} />);
    await userEvent.type(box(), 'bob ');
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('bob'));
    expect(onChange).toHaveBeenCalledTimes(1);
    rerender(<DebouncedInput type="search" aria-label="Search" value="bob" onChange={onChange} delayMs={10} />);
    expect(box()).toHaveValue('bob ');
  });

  it('shows a value changed from elsewhere (Back, a link)', () => {
    const onChange = vi.fn();
    const { rerender } = render(<DebouncedInput type="search" aria-label="Search" value="ann" onChange={onChange} />);
    expect(box()).toHaveValue('ann');
    rerender(<DebouncedInput type="search" aria-label="Search" value="" onChange={onChange} />);
    expect(box()).toHaveValue('');
    expect(onChange).not.toHaveBeenCalled();
  });
});
