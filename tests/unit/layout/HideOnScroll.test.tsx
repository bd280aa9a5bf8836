// The top bar's scroll trigger (src/layout/HideOnScroll.tsx): down past 100 px hides it, any move up
// brings it back, and nothing is read before the first scroll.
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useScrolledDown } from '../../../src/layout/HideOnScroll';

function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  act(() => {
    window.dispatchEvent(new Event('scroll'));
  });
}

afterEach(() => {
  Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
});

describe('useScrolledDown', () => {
  it('hides past the threshold on the way down and shows on the way up', () => {
    const read = vi.spyOn(window, 'scrollY', 'get');
    const { result } = renderHook(() => useScrolledDown());
    expect(result.current).toBe(false);
    expect(read).not.toHaveBeenCalled(); // mounting reads no scroll position (no forced layout)
    read.mockRestore();

    scrollTo(60);
    expect(result.current).toBe(false);
    scrollTo(150);
    expect(result.current).toBe(true);
    scrollTo(400);
    expect(result.current).toBe(true);
    scrollTo(380);
    expect(result.current).toBe(false);
    scrollTo(420);
    expect(result.current).toBe(true);
    scrollTo(0);
    expect(result.current).toBe(false);
  });
});
