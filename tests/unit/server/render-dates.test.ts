// How a delivery writes a time: on the reader's clock in a mail, as Slack's date token in Slack.
import { describe, expect, it } from 'vitest';
import { readerDate, slackDate, utcDate } from '../../../server/signals/delivery/render-pieces';

describe('dates in deliveries', () => {
  const at = '2026-11-25T14:03:05.000Z';

  it('writes UTC for a reader without a zone, or with one Intl does not know', () => {
    expect(readerDate(at)).toBe('25 Nov 2026, 14:03:05 UTC');
    expect(readerDate(at, 'UTC')).toBe(utcDate(at));
    expect(readerDate(at, 'Mars/Olympus_Mons')).toBe('25 Nov 2026, 14:03:05 UTC');
  });

  it('writes the wall clock of the reader’s zone with its short name, summer time included', () => {
    expect(readerDate(at, 'Europe/Berlin')).toBe('25 Nov 2026, 15:03:05 CET');
    expect(readerDate('2026-07-01T23:30:00Z', 'Europe/Berlin')).toBe('2 Jul 2026, 01:30:00 CEST');
    expect(readerDate(at, 'Asia/Kolkata')).toBe('25 Nov 2026, 19:33:05 GMT+5:30');
    expect(readerDate('2026-01-05T03:04:00Z', 'America/New_York')).toBe('4 Jan 2026, 22:04:00 GMT-5');
  });

  it('gives Slack a date token each reader sees in their zone, UTC as the fallback', () => {
    expect(slackDate(at)).toBe('<!date^1795615385^{date_short_pretty} at {time_secs}|25 Nov 2026, 14:03:05 UTC>');
    expect(slackDate('not a date')).toBe('not a date');
  });
});
