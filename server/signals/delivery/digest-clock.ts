// When a reader's daily digest is due (issue 18, digests at the reader's hour): the instants at
// which the wall clock of an IANA time zone shows a given hour, found with Intl alone (the
// zone data the runtime carries; no library). Pure: every function takes the instant it works
// from, so the clock changes can be tested on chosen dates.
//
// A day's `hour`:00 is its first instant whose wall clock reads `hour`:00 or later:
// - on a spring-forward day an hour that does not exist (02:00 in Berlin on 2026-03-29) is the
//   first instant after the gap (03:00 CEST, 01:00Z) — the digest is not skipped that day;
// - on a fall-back day an hour that comes twice (01:00 in New York on 2026-11-01) is its first
//   occurrence (01:00 EDT, 05:00Z) — the digest is not sent twice.

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

const formats = new Map<string, Intl.DateTimeFormat>();

/** The wall clock of `timeZone` (throws a RangeError for a zone Intl does not know). */
function formatOf(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(timeZone, format);
  }
  return format;
}

/** The wall clock of `timeZone` at `instant` (ms), written as if it were UTC (ms). */
function wallClock(timeZone: string, instant: number): number {
  const parts: Record<string, number> = {};
  for (const part of formatOf(timeZone).formatToParts(instant)) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
}

/** How far ahead of UTC `timeZone` is at `instant` (ms; whole seconds). */
function offsetAt(timeZone: string, instant: number): number {
  const second = Math.floor(instant / 1000) * 1000;
  return wallClock(timeZone, second) - second;
}

/** Whether Intl knows `timeZone` (an IANA name such as Europe/Berlin, or UTC). */
export function isTimeZone(timeZone: string): boolean {
  try {
    formatOf(timeZone);
    return true;
  } catch {
    return false;
  }
}

let listed: Map<string, string> | undefined;

/**
 * `name` as a time zone to store: the runtime's own spelling when it lists the zone ('europe/berlin'
 * → 'Europe/Berlin'), else the name as given when Intl knows it (an alias such as Asia/Kolkata,
 * which some runtimes list as Asia/Calcutta, or UTC); null for a name that is no zone.
 */
export function knownTimeZone(name: string): string | null {
  const trimmed = name.trim();
  listed ??= new Map(['UTC', ...Intl.supportedValuesOf('timeZone')].map((zone) => [zone.toLowerCase(), zone]));
  const spelled = listed.get(trimmed.toLowerCase());
  if (spelled) return spelled;
  return /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(trimmed) && isTimeZone(trimmed) ? trimmed : null;
}

/**
 * The instant at which the local day `day` (Y-M-D, given as that day's midnight in ms as if UTC)
 * of `timeZone` reaches `hour`:00.
 */
function slotOfDay(timeZone: string, day: number, hour: number): number {
  const wall = day + hour * HOUR_MS;
  // the offsets in force around that wall time: one, or the two on either side of a change
  const offsets = new Set([offsetAt(timeZone, wall - DAY_MS), offsetAt(timeZone, wall + DAY_MS), offsetAt(timeZone, wall)]);
  const matches = [...offsets].map((offset) => wall - offset).filter((instant) => offsetAt(timeZone, instant) === wall - instant);
  if (matches.length > 0) return Math.min(...matches);
  // in a gap: the change happens between the instants the two offsets give; find it to the second
  let [before, after] = [Math.min(...[...offsets].map((o) => wall - o)), Math.max(...[...offsets].map((o) => wall - o))];
  const early = offsetAt(timeZone, before);
  while (after - before > 1000) {
    const middle = Math.floor((before + after) / 2000) * 1000;
    if (offsetAt(timeZone, middle) === early) before = middle;
    else after = middle;
  }
  return after;
}

/**
 * The latest instant at or before `now` at which the wall clock of `timeZone` showed
 * `hour`:00 (0–23): the slot a daily digest at that hour belongs to.
 */
export function latestDigestSlot(now: Date, timeZone: string, hour: number): Date {
  const local = wallClock(timeZone, now.getTime());
  const today = Math.floor(local / DAY_MS) * DAY_MS;
  for (let day = today; day > today - 3 * DAY_MS; day -= DAY_MS) {
    const slot = slotOfDay(timeZone, day, hour);
    if (slot <= now.getTime()) return new Date(slot);
  }
  // not reached: yesterday's slot is always in the past
  return new Date(slotOfDay(timeZone, today - 3 * DAY_MS, hour));
}
