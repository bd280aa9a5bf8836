import { describe, expect, it } from 'vitest';
import { lastPageOf, pagerWindow } from '../../../src/admin-kit/list/pagerWindow';

describe('pagerWindow', () => {
  it('shows two pages each side of the current page', () => {
    expect(pagerWindow(5, 10, 2)).toEqual([3, 4, 5, 6, 7]);
  });

  it('is clipped at the first and the last page', () => {
    expect(pagerWindow(1, 10, 2)).toEqual([1, 2, 3]);
    expect(pagerWindow(2, 10, 2)).toEqual([1, 2, 3, 4]);
    expect(pagerWindow(10, 10, 2)).toEqual([8, 9, 10]);
    expect(pagerWindow(9, 10, 2)).toEqual([7, 8, 9, 10]);
  });

  it('shows every page of a short list', () => {
    expect(pagerWindow(1, 1, 2)).toEqual([1]);
    expect(pagerWindow(2, 3, 2)).toEqual([1, 2, 3]);
  });

  it('keeps a page past the end inside the list', () => {
    expect(pagerWindow(50, 4, 2)).toEqual([2, 3, 4]);
  });

  it('has no page without a last page', () => {
    expect(pagerWindow(1, 0, 2)).toEqual([]);
  });
});

describe('lastPageOf', () => {
  it('rounds up and is at least 1', () => {
    expect(lastPageOf(21, 10)).toBe(3);
    expect(lastPageOf(20, 10)).toBe(2);
    expect(lastPageOf(0, 10)).toBe(1);
  });
});
