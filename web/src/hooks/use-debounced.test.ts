import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDebounced } from './use-debounced';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

const isEmpty = (text: string) => text === '';

describe('useDebounced (SPEC §9: 300 ms)', () => {
  it('gives the value once it has not changed for the delay, and calls onSettle first', () => {
    const onSettle = vi.fn();
    const { result, rerender } = renderHook(({ value }) => useDebounced(value, 300, onSettle), {
      initialProps: { value: 'a' },
    });
    rerender({ value: 'ab' });
    act(() => vi.advanceTimersByTime(200));
    rerender({ value: 'abc' });
    act(() => vi.advanceTimersByTime(299));
    expect(result.current).toBe('a');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe('abc');
    expect(onSettle).toHaveBeenCalledTimes(1);
  });

  it('settles at once on values that skip the wait, and waits again after them', () => {
    const { result, rerender } = renderHook(
      ({ value }) => useDebounced(value, 300, undefined, isEmpty),
      { initialProps: { value: 'old' } },
    );
    rerender({ value: '' });
    expect(result.current).toBe('');
    rerender({ value: 'new' });
    act(() => vi.advanceTimersByTime(299));
    expect(result.current).toBe('');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe('new');
  });
});
