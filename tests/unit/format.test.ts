import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../src/format';

describe('formatDateTime', () => {
  it('writes day, short month, year, then the time with seconds in the browser time zone', () => {
    // Built from local parts, so the expectation holds in any time zone.
    expect(formatDateTime(new Date(2026, 10, 22, 14, 3, 5).toISOString())).toBe('22 Nov 2026, 14:03:05');
    expect(formatDateTime(new Date(2026, 8, 2, 0, 0, 9).toISOString())).toBe('02 Sep 2026, 00:00:09');
  });

  it("returns '' for null, undefined and unparseable values", () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime(undefined)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });
});
