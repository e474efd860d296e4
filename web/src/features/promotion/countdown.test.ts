import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatCountdown, useCountdown } from './countdown';

describe('formatCountdown', () => {
  it('shows days, hours, minutes and seconds', () => {
    expect(formatCountdown(0)).toBe('00:00:00');
    expect(formatCountdown(5_000)).toBe('00:00:05');
    expect(formatCountdown(4_001)).toBe('00:00:05');
    expect(formatCountdown(3_723_000)).toBe('01:02:03');
    expect(formatCountdown(4e10)).toBe('462d 23:06:40');
    expect(formatCountdown(-10)).toBe('00:00:00');
  });
});

describe('useCountdown', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-22T10:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('ticks each second down to zero, then stops', () => {
    const since = Date.now();
    const { result } = renderHook(() => useCountdown(3_000, since));
    expect(result.current).toBe(3_000);
    act(() => void vi.advanceTimersByTime(1_000));
    expect(result.current).toBe(2_000);
    act(() => void vi.advanceTimersByTime(5_000));
    expect(result.current).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('stays at zero when the promotion is off', () => {
    const { result } = renderHook(() => useCountdown(0, Date.now()));
    expect(result.current).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });
});
