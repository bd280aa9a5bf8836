/** Fixed-size sets of row positions, 32 per word: the count index ANDs and ORs them a word at a time. */
export type Bitset = Uint32Array;

export const wordsFor = (size: number) => (size + 31) >>> 5;

export function emptySet(size: number): Bitset {
  return new Uint32Array(wordsFor(size));
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
