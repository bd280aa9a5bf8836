// @vitest-environment node
// The daily digest's clock (server/signals/delivery/digest-clock.ts): the instant a local hour
// falls on, on the days the clocks change in 2026 and 2027 in Europe/Berlin and America/New_York
// (a skipped hour → the first instant after the gap; a repeated hour → its first occurrence),
// plus a half-hour zone and a southern one. Every expected instant is written out by hand.
import { describe, expect, it } from 'vitest';
import { isTimeZone, latestDigestSlot } from '../../../server/signals/delivery/digest-clock';

const HOUR = 3_600_000;
const MINUTE = 60_000;

/** [zone, local day, hour, the instant (UTC) the day reaches that hour] */
type Case = [string, string, number, string];

/** The hours 0, 1, 2, 3, 7, 23 of a day, given the UTC instants in that order. */
function day(zone: string, date: string, instants: string[]): Case[] {
  return [0, 1, 2, 3, 7, 23].map((hour, i) => [zone, date, hour, instants[i]]);
}

const cases: Case[] = [
  // Berlin springs forward at 01:00Z (02:00 CET → 03:00 CEST): 02:00 does not exist, 02:00 and 03:00 are both 01:00Z
  ...day('Europe/Berlin', '2026-03-29', [
    '2026-03-28T23:00:00Z',
    '2026-03-29T00:00:00Z',
    '2026-03-29T01:00:00Z',
    '2026-03-29T01:00:00Z',
    '2026-03-29T05:00:00Z',
    '2026-03-29T21:00:00Z',
  ]),
  // … and falls back at 01:00Z (03:00 CEST → 02:00 CET): 02:00 comes twice, the first is 00:00Z
  ...day('Europe/Berlin', '2026-10-25', [
    '2026-10-24T22:00:00Z',
    '2026-10-24T23:00:00Z',
    '2026-10-25T00:00:00Z',
    '2026-10-25T02:00:00Z',
    '2026-10-25T06:00:00Z',
    '2026-10-25T22:00:00Z',
  ]),
  ...day('Europe/Berlin', '2027-03-28', [
    '2027-03-27T23:00:00Z',
    '2027-03-28T00:00:00Z',
    '2027-03-28T01:00:00Z',
    '2027-03-28T01:00:00Z',
    '2027-03-28T05:00:00Z',
    '2027-03-28T21:00:00Z',
  ]),
  ...day('Europe/Berlin', '2027-10-31', [
    '2027-10-30T22:00:00Z',
    '2027-10-30T23:00:00Z',
    '2027-10-31T00:00:00Z',
    '2027-10-31T02:00:00Z',
    '2027-10-31T06:00:00Z',
    '2027-10-31T22:00:00Z',
  ]),
  // New York springs forward at 07:00Z (02:00 EST → 03:00 EDT)
  ...day('America/New_York', '2026-03-08', [
    '2026-03-08T05:00:00Z',
    '2026-03-08T06:00:00Z',
    '2026-03-08T07:00:00Z',
    '2026-03-08T07:00:00Z',
    '2026-03-08T11:00:00Z',
    '2026-03-09T03:00:00Z',
  ]),
  // … and falls back at 06:00Z (02:00 EDT → 01:00 EST): 01:00 comes twice, the first is 05:00Z
  ...day('America/New_York', '2026-11-01', [
    '2026-11-01T04:00:00Z',
    '2026-11-01T05:00:00Z',
    '2026-11-01T07:00:00Z',
    '2026-11-01T08:00:00Z',
    '2026-11-01T12:00:00Z',
    '2026-11-02T04:00:00Z',
  ]),
  ...day('America/New_York', '2027-03-14', [
    '2027-03-14T05:00:00Z',
    '2027-03-14T06:00:00Z',
    '2027-03-14T07:00:00Z',
    '2027-03-14T07:00:00Z',
    '2027-03-14T11:00:00Z',
    '2027-03-15T03:00:00Z',
  ]),
  ...day('America/New_York', '2027-11-07', [
    '2027-11-07T04:00:00Z',
    '2027-11-07T05:00:00Z',
    '2027-11-07T07:00:00Z',
    '2027-11-07T08:00:00Z',
    '2027-11-07T12:00:00Z',
    '2027-11-08T04:00:00Z',
  ]),
  // a half-hour zone without changes
  ['Asia/Kolkata', '2026-03-29', 7, '2026-03-29T01:30:00Z'],
  ['Asia/Kolkata', '2026-03-29', 0, '2026-03-28T18:30:00Z'],
  // the south: Sydney falls back on 2026-04-05 at 16:00Z (03:00 AEDT → 02:00 AEST), springs forward on 2026-10-04 at 16:00Z the day before
  ['Australia/Sydney', '2026-01-15', 7, '2026-01-14T20:00:00Z'],
  ['Australia/Sydney', '2026-07-15', 7, '2026-07-14T21:00:00Z'],
  ['Australia/Sydney', '2026-04-05', 2, '2026-04-04T15:00:00Z'],
  ['Australia/Sydney', '2026-10-04', 2, '2026-10-03T16:00:00Z'],
  ['Australia/Sydney', '2026-10-04', 3, '2026-10-03T16:00:00Z'],
  ['UTC', '2026-03-29', 7, '2026-03-29T07:00:00Z'],
];

describe('latestDigestSlot', () => {
  it.each(cases)('%s on %s at %i:00 is %s', (zone, _date, hour, iso) => {
    const slot = new Date(iso).getTime();
    // from the slot itself until the next day's, that slot is the latest
    for (const later of [0, 1000, 5 * MINUTE, HOUR, 22 * HOUR])
      expect(latestDigestSlot(new Date(slot + later), zone, hour).toISOString()).toBe(new Date(slot).toISOString());
    // a second before, it is the day before's: 23 to 25 hours earlier
    const before = latestDigestSlot(new Date(slot - 1000), zone, hour).getTime();
    expect(slot - before).toBeGreaterThanOrEqual(23 * HOUR);
    expect(slot - before).toBeLessThanOrEqual(25 * HOUR);
  });

  it('answers the day before’s slot before the hour', () => {
    // 00:30Z on 2026-03-29 is 01:30 CET in Berlin: 07:00 was yesterday's, still CET
    expect(latestDigestSlot(new Date('2026-03-29T00:30:00Z'), 'Europe/Berlin', 7).toISOString()).toBe('2026-03-28T06:00:00.000Z');
    // the day after the change, 07:00 is CEST
    expect(latestDigestSlot(new Date('2026-03-30T05:00:00Z'), 'Europe/Berlin', 7).toISOString()).toBe('2026-03-30T05:00:00.000Z');
    expect(latestDigestSlot(new Date('2026-03-30T04:59:59Z'), 'Europe/Berlin', 7).toISOString()).toBe('2026-03-29T05:00:00.000Z');
    // the second 01:00 of New York's fall-back night is not a new slot
    expect(latestDigestSlot(new Date('2026-11-01T06:30:00Z'), 'America/New_York', 1).toISOString()).toBe('2026-11-01T05:00:00.000Z');
  });

  it('is never later than now, and each local day has exactly one slot', () => {
    // every quarter hour across Berlin's fall-back night: the slot of 02:00 moves only once
    const slots = new Set<string>();
    for (let t = Date.parse('2026-10-24T20:00:00Z'); t <= Date.parse('2026-10-26T04:00:00Z'); t += 15 * MINUTE) {
      const slot = latestDigestSlot(new Date(t), 'Europe/Berlin', 2);
      expect(slot.getTime()).toBeLessThanOrEqual(t);
      slots.add(slot.toISOString());
    }
    expect([...slots]).toEqual(['2026-10-24T00:00:00.000Z', '2026-10-25T00:00:00.000Z', '2026-10-26T01:00:00.000Z']);
  });
});

describe('isTimeZone', () => {
  it('knows IANA zones and UTC, not made-up ones', () => {
    for (const zone of ['Europe/Berlin', 'America/New_York', 'Asia/Kolkata', 'UTC']) expect(isTimeZone(zone)).toBe(true);
    for (const zone of ['Mars/Base', '', 'Europe/Berlinn']) expect(isTimeZone(zone)).toBe(false);
  });
});
