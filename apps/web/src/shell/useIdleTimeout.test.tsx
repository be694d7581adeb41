import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDLE_WARNING_MS, useIdleTimeout } from './useIdleTimeout';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('useIdleTimeout (QUALITY.md security 3)', () => {
  it('given 30 idle minutes, then it warns one minute before and signs out at 30 minutes', () => {
    const onWarn = vi.fn();
    const onTimeout = vi.fn();
    renderHook(() => useIdleTimeout(30, onWarn, onTimeout));
    act(() => {
      vi.advanceTimersByTime(29 * 60_000 - 1);
    });
    expect(onWarn).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(onWarn).toHaveBeenCalledTimes(1);
    expect(onTimeout).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(IDLE_WARNING_MS);
    });
    expect(onTimeout).toHaveBeenCalledTimes(1);
  });

  it('given activity before the warning, then both timers start again', () => {
    const onWarn = vi.fn();
    const onTimeout = vi.fn();
    renderHook(() => useIdleTimeout(15, onWarn, onTimeout));
    act(() => {
      vi.advanceTimersByTime(10 * 60_000);
    });
    act(() => {
      window.dispatchEvent(new Event('keydown'));
    });
    act(() => {
      vi.advanceTimersByTime(10 * 60_000);
    });
    expect(onWarn).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(4 * 60_000);
    });
    expect(onWarn).toHaveBeenCalledTimes(1);
    expect(onTimeout).not.toHaveBeenCalled();
  });
});
