/** A bitset (bitset.ts, which takes its sets from here: the type is written out, not imported). */
type Bitset = Uint32Array;

/**
 * Sets the index no longer holds (a remembered set or a term's base rows dropped past their budget)
 * handed out again instead of new ones. At ten million rows a set is 1.25 MB, outside V8's heap; every
 * ~64 MB of such memory allocated starts a full collection, whose marking steps run inside the
 * requests that allocate (4–7 ms paused, 10–20 ms of steps): under writes they were most of the slow
 * first askings (docs/PERFORMANCE.md, issue 20).
 *
 * A dropped set may still be read by a list in flight (reads pause between slices, and another read
 * may drop what this one is walking), so it waits until the last read of any index ends
 * (`readStarted` / `readEnded`: the read gates count them) before it is handed out again; a caller
 * that reads outside a gate (tests, benches: `matching`) never gives any back. Under a steady load
 * reads overlap and fewer come back: new sets are made then, as before.
 */
const MAX_FREE_BYTES = 64 * 2 ** 20;
/** dropped sets waiting for the reads in flight to end; past this many they are left to the collector */
const MAX_WAITING = 64;

let readsInFlight = 0;
const waiting: Bitset[] = [];
/** free sets, all of `words` words: the length last asked for (an index that grew asks for another) */
let free: Bitset[] = [];
let words = 0;

/** A set of `length` words, all clear (a free one cleared, or a new one). */
export function takeSet(length: number): Bitset {
  if (length !== words) {
    free = [];
    words = length;
  }
  return free.pop()?.fill(0) ?? new Uint32Array(length);
}

/** `set` is no longer held by the index (and by nothing else once the reads in flight end). */
export function releaseSet(set: Bitset): void {
  if (waiting.length < MAX_WAITING) waiting.push(set);
}

export function readStarted(): void {
  readsInFlight++;
}

export function readEnded(): void {
  readsInFlight--;
  if (readsInFlight > 0) return;
  for (const set of waiting) if (set.length === words && (free.length + 1) * set.byteLength <= MAX_FREE_BYTES) free.push(set);
  waiting.length = 0;
}

/** How many free sets there are (tests). */
export function freeSets(): number {
  return free.length;
}
