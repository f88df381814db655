import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usePassed } from './use-passed.ts';

describe('usePassed', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-24T10:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('turns true when the time has passed, without anything else re-rendering', () => {
    const { result } = renderHook(() => usePassed('2026-11-24T09:59:30Z', 60_000));
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(29_000));
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(1_000));
    expect(result.current).toBe(true);
  });

  it('is true at once for a moment long gone', () => {
    const { result } = renderHook(() => usePassed('2026-11-24T09:00:00Z', 60_000));
    expect(result.current).toBe(true);
  });
});
