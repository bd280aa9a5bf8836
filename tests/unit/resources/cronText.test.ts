// SPEC §5 Cron schedule text and §9: 5 to 7 parts, known special words only, values in
// range (seconds and minutes 0–59, hours 0–23, day of month 1–31, month 1–12, weekday
// 0–6), only the first five parts described; 'Invalid cron string' or the describer's message.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import cronstrue from 'cronstrue';
import { cronText, describeCron, INVALID_CRON } from '../../../resources/data-sources/cronText';

/** What the describer says of the first five parts, or its message. */
function describerOf(parts: string[]): { valid: true; text: string } | { valid: false; message: string } {
  try {
    return { valid: true, text: cronstrue.toString(parts.slice(0, 5).join(' ')) };
  } catch (error) {
    return { valid: false, message: String(error).replace(/^Error:\s*/, '') };
  }
}

type Range = [number, number];
const SECOND: Range = [0, 59];
const MINUTE: Range = [0, 59];
const HOUR: Range = [0, 23];
const DAY: Range = [1, 31];
const MONTH: Range = [1, 12];
const WEEKDAY: Range = [0, 6];
const FIVE = [MINUTE, HOUR, DAY, MONTH, WEEKDAY];
const SIX = [SECOND, ...FIVE];

/** One valid part of that range: *, a value, a range, a step, or a list of those. */
const part = ([min, max]: Range) => {
  const value = fc.integer({ min, max });
  const step = fc.integer({ min: 1, max: max - min + 1 });
  const item = fc.oneof(
    fc.constant('*'),
    value.map(String),
    fc.tuple(value, value).map(([a, b]) => `${Math.min(a, b)}-${Math.max(a, b)}`),
    step.map((s) => `*/${s}`),
    fc.tuple(value, value, step).map(([a, b, s]) => `${Math.min(a, b)}-${Math.max(a, b)}/${s}`),
  );
  return fc.array(item, { minLength: 1, maxLength: 3 }).map((items) => items.join(','));
};
const expression = (ranges: Range[]) => fc.tuple(...ranges.map(part));

describe('describeCron', () => {
  it.each([
    ['0 9 * * 1', 'At 09:00 AM, only on Monday'],
    ['*/15 * * * *', 'Every 15 minutes'],
    ['0 0 1 JAN *', 'At 12:00 AM, on day 1 of the month, only in January'],
    ['0 9 * * mon-fri', 'At 09:00 AM, Monday through Friday'],
    ['0 0 L * *', 'At 12:00 AM, on the last day of the month'],
    ['0 0 * * 1#2', 'At 12:00 AM, on the second Monday of the month'],
    ['0 0 ? * MON', 'At 12:00 AM, only on Monday'],
    ['0 0 15W * *', 'At 12:00 AM, on the weekday nearest day 15 of the month'],
    ['  0   9 * *\t1 ', 'At 09:00 AM, only on Monday'],
  ])('describes %j', (cron, text) => {
    expect(describeCron(cron)).toEqual({ valid: true, text });
    expect(cronText(cron)).toBe(text);
  });

  it.each([
    ['@daily', '0 0 * * *'],
    ['@midnight', '0 0 * * *'],
    ['@hourly', '0 * * * *'],
    ['@weekly', '0 0 * * SUN'],
    ['@monthly', '0 0 1 * *'],
    ['@yearly', '0 0 1 JAN *'],
    ['@annually', '0 0 1 JAN *'],
  ])('knows the special word %s', (word, same) => {
    expect(describeCron(word)).toEqual({ valid: true, text: cronstrue.toString(same) });
  });

  it.each(['@reboot', '@often', '@', 'FOO * * * *', '0 0 * * MONDAY', '0 0 * JANUARY *', '0 0 X * *', 'a b c d e'])(
    'rejects the unknown word in %j',
    (cron) => {
      expect(describeCron(cron)).toEqual({ valid: false, message: INVALID_CRON });
    },
  );

  it.each(['', '   ', '*', '* * * *', '1 2 3 4 5 6 7 8', '* * * * * * * * *'])('rejects %j: fewer than 5 or more than 7 parts', (cron) => {
    expect(cronText(cron)).toBe(INVALID_CRON);
  });

  it.each([
    ['60 * * * *', 'minute 60'],
    ['* 24 * * *', 'hour 24'],
    ['* * 0 * *', 'day of month 0'],
    ['* * 32 * *', 'day of month 32'],
    ['* * * 0 *', 'month 0'],
    ['* * * 13 *', 'month 13'],
    ['* * * * 7', 'weekday 7'],
    ['0-60 * * * *', 'a range ending past 59'],
    ['1,2,99 * * * *', 'a list item past 59'],
    ['60 0 0 * * *', 'second 60'],
    ['*/0 * * * *', 'a step of 0'],
    ['0 0 * * 7L', 'the last weekday 7'],
    ['0 0 32W * *', 'the weekday nearest day 32'],
    ['0 0 * * *,', 'an empty list item'],
    ['0 0 1--2 * *', 'a malformed range'],
    ['0 0 1/2/3 * *', 'two steps'],
  ])('rejects %j (%s)', (cron) => {
    expect(describeCron(cron)).toEqual({ valid: false, message: INVALID_CRON });
  });

  it('reads 6 parts with seconds first and 7 with a year last, and describes only the first five', () => {
    expect(describeCron('0 0 9 * * 1')).toEqual({ valid: true, text: cronstrue.toString('0 0 9 * *') });
    expect(describeCron('0 15 10 * * 1 2026')).toEqual({ valid: true, text: cronstrue.toString('0 15 10 * *') });
    expect(describeCron('0 15 10 * * 1 2026')).toEqual({ valid: true, text: 'At 03:00 PM, on day 10 of the month' });
    // valid as six parts (minute 30, hour 9), but its first five read as minute 0, hour 30: the describer's own message
    expect(describeCron('0 30 9 * * 1')).toEqual({ valid: false, message: 'hours part must be >= 0 and <= 23' });
    expect(describeCron('0 0 0 * * 7')).toEqual({ valid: false, message: INVALID_CRON });
  });

  it('null and undefined are not cron strings', () => {
    expect(describeCron(null)).toEqual({ valid: false, message: INVALID_CRON });
    expect(describeCron(undefined)).toEqual({ valid: false, message: INVALID_CRON });
  });
});

describe('describeCron (properties)', () => {
  it('describes every valid five-part expression as the describer does', () => {
    fc.assert(
      fc.property(expression(FIVE), (parts) => {
        expect(describeCron(parts.join(' '))).toEqual({ valid: true, text: cronstrue.toString(parts.join(' ')) });
      }),
      { numRuns: 300 },
    );
  });

  it('describes valid six- and seven-part expressions by their first five parts only', () => {
    const year = fc.integer({ min: 1970, max: 2099 }).map(String);
    const six = expression(SIX);
    const seven = fc.tuple(expression(SIX), year).map(([parts, y]) => [...parts, y]);
    fc.assert(
      fc.property(fc.oneof(six, seven), (parts) => {
        expect(describeCron(parts.join(' '))).toEqual(describerOf(parts));
      }),
      { numRuns: 300 },
    );
  });

  it('rejects any value out of its part’s range', () => {
    fc.assert(
      fc.property(
        expression(FIVE),
        fc.integer({ min: 0, max: 4 }),
        fc.boolean(),
        fc.integer({ min: 1, max: 100 }),
        (parts, index, below, distance) => {
          const [min, max] = FIVE[index];
          if (below && min - distance < 0) return; // no negative numbers in cron
          const outside = below ? min - distance : max + distance;
          const changed = parts.map((one, at) => (at === index ? String(outside) : one));
          expect(describeCron(changed.join(' '))).toEqual({ valid: false, message: INVALID_CRON });
        },
      ),
      { numRuns: 300 },
    );
  });

  it('rejects fewer than 5 or more than 7 parts, however valid each one is', () => {
    const count = fc.oneof(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 8, max: 12 }));
    fc.assert(
      fc.property(count, fc.array(part(MINUTE), { minLength: 12, maxLength: 12 }), (n, parts) => {
        expect(cronText(parts.slice(0, n).join(' '))).toBe(INVALID_CRON);
      }),
    );
  });

  it('rejects any unknown word in any part', () => {
    const known = new Set([
      'L',
      'W',
      'LW',
      'JAN',
      'FEB',
      'MAR',
      'APR',
      'MAY',
      'JUN',
      'JUL',
      'AUG',
      'SEP',
      'OCT',
      'NOV',
      'DEC',
      'SUN',
      'MON',
      'TUE',
      'WED',
      'THU',
      'FRI',
      'SAT',
    ]);
    const word = fc.stringMatching(/^[A-Za-z]{1,8}$/).filter((w) => !known.has(w.toUpperCase()));
    fc.assert(
      fc.property(expression(FIVE), fc.integer({ min: 0, max: 4 }), word, (parts, index, unknown) => {
        const changed = parts.map((one, at) => (at === index ? unknown : one));
        expect(describeCron(changed.join(' '))).toEqual({ valid: false, message: INVALID_CRON });
      }),
      { numRuns: 300 },
    );
  });

  it('ignores how much white space separates the parts', () => {
    const space = fc.stringMatching(/^[ \t]{1,3}$/);
    fc.assert(
      fc.property(expression(FIVE), fc.array(space, { minLength: 6, maxLength: 6 }), (parts, spaces) => {
        const spaced = spaces[0] + parts.map((one, at) => one + spaces[at + 1]).join('');
        expect(describeCron(spaced)).toEqual(describeCron(parts.join(' ')));
      }),
    );
  });
});
