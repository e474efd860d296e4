import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../lib/queryClient';
import { toast } from '../lib/toast';
import { AppProviders } from './AppProviders';

function Toaster() {
  return (
    <button type="button" onClick={() => toast.success('Saved.')}>
      Save
    </button>
  );
}

describe('toasts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    // No leave animation: jsdom never ends a CSS transition.
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) => ({ matches: query.includes('reduce'), media: query, addEventListener() {}, removeEventListener() {} }) as unknown as MediaQueryList,
    );
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('close by themselves after 5 seconds, not before', async () => {
    render(
      <AppProviders queryClient={createQueryClient()}>
        <Toaster />
      </AppProviders>,
    );
    act(() => screen.getByRole('button', { name: 'Save' }).click());
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText('Saved.')).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(4_900));
    expect(screen.getByText('Saved.')).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(screen.queryByText('Saved.')).not.toBeInTheDocument();
  });
});
