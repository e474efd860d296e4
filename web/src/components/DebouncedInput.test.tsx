import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DebouncedInput } from './DebouncedInput';

const box = () => screen.getByRole('searchbox', { name: 'Search' });

describe('DebouncedInput', () => {
  it('tells the trimmed text once the typing pauses, and keeps the text as typed', async () => {
    const onChange = vi.fn();
    const { rerender } = render(<DebouncedInput type="search" aria-label="Search" value="" onChange={onChange} delayMs={10} />);
    // Each keystroke in one synchronous run: no timer can fire between them, however busy the machine (typed with
    // a real pause between keys, a slow run passed the delay mid-word).
    for (const text of ['b', 'bo', 'bob', 'bob ']) fireEvent.change(box(), { target: { value: text } });
    expect(onChange).not.toHaveBeenCalled();
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('bob'));
    expect(onChange).toHaveBeenCalledTimes(1);
    rerender(<DebouncedInput type="search" aria-label="Search" value="bob" onChange={onChange} delayMs={10} />);
    expect(box()).toHaveValue('bob ');
  });

  // The router renders a change of the URL as a transition: on a busy machine staff type on before it lands.
  it('keeps what was typed after its last search when that search reaches the list late', async () => {
    const onChange = vi.fn();
    const { rerender } = render(<DebouncedInput type="search" aria-label="Search" value="" onChange={onChange} delayMs={10} />);
    fireEvent.change(box(), { target: { value: 'bo' } });
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('bo'));
    fireEvent.change(box(), { target: { value: 'bob' } });
    rerender(<DebouncedInput type="search" aria-label="Search" value="bo" onChange={onChange} delayMs={10} />);
    expect(box()).toHaveValue('bob');
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('bob'));
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
