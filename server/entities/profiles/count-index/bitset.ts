import type { Sliced } from './slices';
import { takeSet } from './set-pool';

/** Fixed-size sets of row positions, 32 per word: the count index ANDs and ORs them a word at a time. */
export type Bitset = Uint32Array;

export const wordsFor = (size: number) => (size + 31) >>> 5;

export function emptySet(size: number): Bitset {
  return takeSet(wordsFor(size));
}

export function add(set: Bitset, position: number): void {
  set[position >>> 5] |= 1 << (position & 31);
}

export function has(set: Bitset, position: number): boolean {
  return (set[position >>> 5] & (1 << (position & 31))) !== 0;
}

/** into ∪= other */
export function unionInto(into: Bitset, other: Bitset): void {
  for (let i = 0; i < into.length; i++) into[i] |= other[i];
}

/** into ∩= other */
export function intersectInto(into: Bitset, other: Bitset): void {
  for (let i = 0; i < into.length; i++) into[i] &= other[i];
}

/**
 * Many sets combined in one pass, a piece of 4,096 words (16 KB) at a time: the result's piece stays
 * in the core's cache while each set's piece is read, where a whole pass per set would write the
 * result (1.27 MB at ten million rows) back once per set. A pause every ~2^20 words read.
 */
const PIECE = 4096;
const sliceWords = (sets: number) => Math.max(PIECE, Math.floor(2 ** 20 / Math.max(1, sets) / PIECE) * PIECE);

/** into ∪= each of `sets`, in one pass, pausing now and then (a viewer's union may read hundreds of sets). */
export function* unionAllInto(into: Bitset, sets: Bitset[]): Sliced<void> {
  const step = sliceWords(sets.length);
  for (let from = 0; from < into.length; from += step) {
    orPieces(into, sets, from, Math.min(into.length, from + step));
    yield;
  }
}

/**
 * A new set of the rows in every one of `sets` (a copy of the one), and how many they are: the
 * intersection and its population count in the same pass, pausing now and then.
 */
export function* intersectionCounted(sets: Bitset[]): Sliced<{ set: Bitset; count: number }> {
  const set = takeSet(sets[0].length);
  let count = 0;
  const step = sliceWords(sets.length);
  for (let from = 0; from < set.length; from += step) {
    count += andPieces(set, sets, from, Math.min(set.length, from + step));
    yield;
  }
  return { set, count };
}

function orPieces(into: Bitset, sets: Bitset[], from: number, to: number): void {
  for (let piece = from; piece < to; piece += PIECE) {
    const end = Math.min(to, piece + PIECE);
    for (let s = 0; s < sets.length; s++) {
      const other = sets[s];
      for (let i = piece; i < end; i++) into[i] |= other[i];
    }
  }
}

/** out[from, to) = the AND of `sets` there; answers its members. */
function andPieces(out: Bitset, sets: Bitset[], from: number, to: number): number {
  let count = 0;
  for (let piece = from; piece < to; piece += PIECE) {
    const end = Math.min(to, piece + PIECE);
    const first = sets[0];
    for (let i = piece; i < end; i++) out[i] = first[i]; // a shorter set: undefined, i.e. 0
    for (let s = 1; s < sets.length; s++) {
      const other = sets[s];
      for (let i = piece; i < end; i++) out[i] &= other[i];
    }
    for (let i = piece; i < end; i++) if (out[i]) count += popcount(out[i]);
  }
  return count;
}

function popcount(word: number): number {
  let v = word - ((word >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

export function size(set: Bitset): number {
  let total = 0;
  for (let i = 0; i < set.length; i++) if (set[i]) total += popcount(set[i]);
  return total;
}

/** How many of the set's words hold a member (how many places a pass reading each member's row visits). */
export function wordsHolding(set: Bitset): number {
  let words = 0;
  for (let i = 0; i < set.length; i++) if (set[i]) words++;
  return words;
}

export function remove(set: Bitset, position: number): void {
  set[position >>> 5] &= ~(1 << (position & 31));
}

/** The same members in a set sized for `size` positions (a bigger copy; the same set when it fits). */
export function resized(set: Bitset, size: number): Bitset {
  const words = wordsFor(size);
  if (words <= set.length) return set;
  const grown = new Uint32Array(words);
  grown.set(set);
  return grown;
}

/** The same members in a set sized for exactly `size` positions (a copy, bigger or smaller; the same set when it is that size). */
export function sizedFor(set: Bitset, size: number): Bitset {
  const words = wordsFor(size);
  if (words === set.length) return set;
  const sized = new Uint32Array(words);
  sized.set(set.subarray(0, Math.min(words, set.length)));
  return sized;
}

/** into −= other */
export function subtractInto(into: Bitset, other: Bitset): void {
  const n = Math.min(into.length, other.length);
  for (let i = 0; i < n; i++) into[i] &= ~other[i];
}

/** For a snapshot: sets by key (numbers or strings), each set as it is. */
export function setsToParts<K extends number | string>(sets: Map<K, Bitset>): Record<string, Bitset> {
  return Object.fromEntries([...sets].map(([key, set]) => [String(key), set]));
}

/** The sets of `setsToParts`; `numeric` keys come back as numbers. */
export function setsFromParts<K extends number | string>(arrays: Record<string, unknown>, numeric: boolean): Map<K, Bitset> {
  return new Map(Object.entries(arrays).map(([key, set]) => [(numeric ? Number(key) : key) as K, set as Bitset]));
}
