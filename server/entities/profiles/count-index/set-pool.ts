/** A bitset (bitset.ts, which takes its sets from here: the type is written out, not imported). */
type Bitset = Uint32Array;

/**
 * Where the index's sets come from: views into arenas of `ARENA_SETS` sets each, and sets the index
 * no longer holds (a remembered set or a term's base rows dropped past their budget) handed out again.
 *
 * At ten million rows a set is 1.25 MB, outside V8's heap, and V8 starts a full collection whenever
 * ~64 MB more of such memory has been allocated since the last one: one per ~50 sets, and the first
 * askings after a start make hundreds (their sets fill the remembered budget). The marking steps run
 * inside the requests (4–7 ms paused, 10–20 ms of steps: 3–7 collections in a pass of the profiles
 * bench, most of its slow first askings under writes). An arena is one allocation (its pages are
 * committed as sets are written, not before), so one collection at most per `ARENA_SETS` sets
 * (docs/PERFORMANCE.md, issue 20).
 *
 * A set's memory goes back to its arena, never to the system: released (`releaseSet`), or, for a set
 * nobody released (a temporary, a set of a replaced index), once the collector finds it unreachable
 * (`reclaimed`). An arena is freed once no set of it is left, after the index changed size.
 *
 * A dropped set may still be read by a list in flight (reads pause between slices, and another read
 * may drop what this one is walking), so it waits until the last read of any index ends
 * (`readStarted` / `readEnded`: the read gates count them) before it is handed out again; a caller
 * that reads outside a gate (tests, benches: `matching`) never gives any back. Under a steady load
 * reads overlap and fewer come back: those left over are reclaimed by the collector.
 */
export const ARENA_SETS = 256;
/** dropped sets waiting for the reads in flight to end; past this many they are left to the collector */
const MAX_WAITING = 64;

let readsInFlight = 0;
const waiting: Bitset[] = [];
/** free sets, all of `words` words: the length last asked for (an index that grew asks for another) */
let free: Bitset[] = [];
let words = 0;
/** the arena sets of `words` words are cut from, and where its next set starts (in bytes) */
let arena: { buffer: ArrayBuffer; next: number } | undefined;

/** A set's place in its arena, handed out again once the set itself is unreachable. */
interface Slot {
  buffer: ArrayBuffer;
  offset: number;
  length: number;
}
const reclaimed = new FinalizationRegistry<Slot>((slot) => {
  if (slot.length === words) free.push(setAt(slot));
});

/** A view of a slot, reclaimed when it becomes unreachable (its memory is not zeroed). */
function setAt(slot: Slot): Bitset {
  const set = new Uint32Array(slot.buffer, slot.offset, slot.length);
  reclaimed.register(set, slot);
  return set;
}

/** A set of `length` words, all clear (a free one cleared, or a new one cut from the arena). */
export function takeSet(length: number): Bitset {
  if (length !== words) {
    free = [];
    arena = undefined;
    words = length;
  }
  const reused = free.pop();
  if (reused) {
    issues.set(reused, setIssue(reused) + 1);
    return reused.fill(0);
  }
  const bytes = length * 4;
  if (!arena || arena.next + bytes > arena.buffer.byteLength) arena = { buffer: new ArrayBuffer(bytes * ARENA_SETS), next: 0 };
  const set = setAt({ buffer: arena.buffer, offset: arena.next, length });
  arena.next += bytes;
  return set; // a new arena's memory is zeroed
}

/** How many times the pool handed `set` out again (what was kept about it before is about another set). */
export function setIssue(set: Bitset): number {
  return issues.get(set) ?? 0;
}
const issues = new WeakMap<Bitset, number>();

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
  for (const set of waiting) if (set.length === words) free.push(set);
  waiting.length = 0;
}

/** How many free sets there are (tests). */
export function freeSets(): number {
  return free.length;
}
