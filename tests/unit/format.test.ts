import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../src/format';

describe('formatDateTime', () => {
  it('writes day, short month, year, then the time with seconds in the browser time zone', () => {
    // Built from local parts, so the expectation holds in any time zone.
    expect(formatDateTime(new Date(2026, 10, 22, 14, 3, 5).toISOString())).toBe('22 Nov 2026, 14:03:05');
    expect(formatDateTime(new Date(2026, 8, 2, 0, 0, 9).toISOString())).toBe('02 Sep 2026, 00:00:09');
  });

  it("writes what Intl's en-US parts say, for any moment (the app no longer asks Intl: its first use is slow on a phone)", () => {
    const intl = new Intl.DateTimeFormat('en-US', {
      day: '2-digit',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2199-12-31T23:59:59Z'), noInvalidDate: true }),
        (date) => {
          const p = Object.fromEntries(intl.formatToParts(date).map((part) => [part.type, part.value]));
          expect(formatDateTime(date.toISOString())).toBe(`${p.day} ${p.month} ${p.year}, ${p.hour}:${p.minute}:${p.second}`);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("returns '' for null, undefined and unparseable values", () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime(undefined)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });
});
