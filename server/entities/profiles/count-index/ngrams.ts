import { parts, type Parts } from './parts';
import { sortingNumbersInSlices } from './sort-in-slices';
import type { Steps } from './steps';
import { readAscending, varintBytes, writeVarint } from './varints';
import { grown } from './typed-arrays';

/**
 * Which blocks of the (sorted) vocabulary may hold a term, without reading
 * the vocabulary: for every byte, pair of bytes and three bytes found inside
 * a token, the blocks of `blockSize` consecutive tokens where it occurs, as
 * block numbers ascending, delta- and varint-coded. A term of three bytes or
 * more can only be in the blocks that hold every one of its trigrams (the
 * shortest lists intersected first); a term of one or two bytes has a list of
 * its own (exact at block level: the rarer ones, a digit pair, a multi-byte
 * letter, read a few blocks; a common one reads most, sliced by the caller).
 * The candidates are then verified on their bytes. Blocks rather than tokens:
 * sorted neighbours share most of their n-grams (anna.smith12@…, anna.smith7@…),
 * so a list entry stands for a few dozen tokens and the whole stays small.
 *
 * N-grams are of bytes of the UTF-8 tokens: a multi-byte letter makes n-grams
 * that straddle characters, which is fine since candidates are verified.
 */
export class NgramIndex {
  private constructor(
    readonly blockSize: number,
    /** the n-gram keys present, ascending (`keyOf`) */
    private readonly keys: Uint32Array,
    /** list of keys[i]: lists[offsets[i] .. offsets[i + 1]) */
    private readonly offsets: Uint32Array,
    private readonly lists: Uint8Array,
  ) {}

  /**
   * Steps that index the tokens of `vocabulary` (token t at starts[t] ..
   * starts[t + 1] - 1, a separator byte after each). Two passes over the
   * tokens, the first to size each list, the second to write it; a token's
   * prefix shared with the one before it in its block adds nothing new.
   */
  static *build(vocabulary: Uint8Array, starts: Uint32Array, blockSize: number): Steps<NgramIndex> {
    const lists = new BlockLists(vocabulary, starts, blockSize);
    for (let b = 0; b < lists.blocks; b += 4) {
      lists.pass(b, Math.min(b + 4, lists.blocks), undefined);
      yield;
    }
    const { keys, offsets, bytes } = yield* lists.placing();
    for (let b = 0; b < lists.blocks; b += 4) {
      lists.pass(b, Math.min(b + 4, lists.blocks), bytes);
      yield;
    }
    return new NgramIndex(blockSize, keys, offsets, bytes);
  }

  static empty(blockSize: number): NgramIndex {
    return new NgramIndex(blockSize, new Uint32Array(0), new Uint32Array(1), new Uint8Array(0));
  }

  /** The blocks that may hold `term` (at least one byte), ascending. */
  candidates(term: Uint8Array): Uint32Array {
    const lists: number[] = []; // positions in `keys`
    if (term.length <= 2) lists.push(this.find(keyOf(term, 0, term.length)));
    else for (let p = 0; p + 3 <= term.length; p++) lists.push(this.find(keyOf(term, p, 3)));
    if (lists.some((i) => i < 0)) return new Uint32Array(0);
    const unique = [...new Set(lists)].sort((a, b) => this.listBytes(a) - this.listBytes(b));
    let found = this.decode(unique[0]);
    for (const i of unique.slice(1)) {
      // verifying a block reads a few hundred bytes: past this, a list costs more to read than it saves
      if (found.length === 0 || this.listBytes(i) > 64 * found.length) break;
      found = this.intersect(found, i);
    }
    return found;
  }

  bytes(): number {
    return this.keys.byteLength + this.offsets.byteLength + this.lists.byteLength;
  }

  /** Memory by part: the key directory and the lists. */
  bytesByPart(): { ngramKeys: number; ngramLists: number } {
    return { ngramKeys: this.keys.byteLength + this.offsets.byteLength, ngramLists: this.lists.byteLength };
  }

  toParts(): Parts {
    return parts({ keys: this.keys, offsets: this.offsets, lists: this.lists }, { blockSize: this.blockSize });
  }

  static fromParts(from: Parts): NgramIndex {
    const { keys, offsets, lists } = from.arrays;
    return new NgramIndex(from.values.blockSize as number, keys as Uint32Array, offsets as Uint32Array, lists as Uint8Array);
  }

  private listBytes(i: number): number {
    return this.offsets[i + 1] - this.offsets[i];
  }

  private find(key: number): number {
    let low = 0;
    let high = this.keys.length - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const at = this.keys[middle];
      if (at === key) return middle;
      if (at < key) low = middle + 1;
      else high = middle - 1;
    }
    return -1;
  }

  private decode(i: number): Uint32Array {
    const out = new Uint32Array(this.listBytes(i)); // at least one byte per entry
    return out.subarray(0, readAscending(this.lists, this.offsets[i], this.offsets[i + 1], out));
  }

  /** The members of `found` (ascending) that list i holds. */
  private intersect(found: Uint32Array, i: number): Uint32Array {
    let kept = 0;
    let k = 0;
    let block = 0;
    for (let p = this.offsets[i], end = this.offsets[i + 1]; p < end && k < found.length; ) {
      let delta = 0;
      for (let shift = 0; ; shift += 7) {
        const byte = this.lists[p++];
        delta += (byte & 0x7f) * 2 ** shift;
        if (byte < 0x80) break;
      }
      block += delta;
      while (k < found.length && found[k] < block - 1) k++;
      if (k < found.length && found[k] === block - 1) found[kept++] = found[k++];
    }
    return found.subarray(0, kept);
  }
}

/**
 * The lists being made: each n-gram key's dense id, the last block noted in
 * its list and its size (pass 1), then where it writes next (pass 2). The
 * passes are plain methods, called a few blocks at a time by the generator
 * (V8 optimizes a hot loop in a generator less well).
 */
class BlockLists {
  readonly blocks: number;
  private readonly tokenCount: number;
  private readonly idOf: KeyIds;
  private capacity = 1 << 12;
  private keyOfId = new Uint32Array(this.capacity);
  /** 1 + the last block written to the id's list */
  private last = new Uint32Array(this.capacity);
  /** bytes of the id's list (pass 1), then where it writes next (pass 2) */
  private size = new Uint32Array(this.capacity);
  private ids = 0;

  constructor(
    private readonly vocabulary: Uint8Array,
    private readonly starts: Uint32Array,
    private readonly blockSize: number,
  ) {
    this.tokenCount = starts.length - 1;
    this.blocks = Math.ceil(this.tokenCount / blockSize);
    this.idOf = new KeyIds(Math.min(1 << 20, 4 * starts[this.tokenCount]));
  }

  /** Notes (write undefined) or writes the blocks [from, to) in the lists of their n-grams. */
  pass(from: number, to: number, write: Uint8Array | undefined): void {
    const { vocabulary, starts, blockSize, tokenCount } = this;
    for (let b = from; b < to; b++) {
      const first = b * blockSize;
      const end = Math.min(first + blockSize, tokenCount);
      for (let t = first; t < end; t++) {
        const start = starts[t];
        const length = starts[t + 1] - 1 - start;
        const shared = t === first ? 0 : commonPrefix(vocabulary, starts[t - 1], starts[t] - 1, start, start + length);
        for (let p = Math.max(0, shared - 2); p < length; p++) {
          for (let n = 1; n <= 3 && p + n <= length; n++) {
            if (p + n > shared) this.note(keyOf(vocabulary, start + p, n), b, write); // else the same n-gram as the token before
          }
        }
      }
    }
  }

  /** Steps to the keys ascending, where each list starts, and the bytes for the second pass to write (a few hundred thousand keys). */
  *placing(): Steps<{ keys: Uint32Array; offsets: Uint32Array; bytes: Uint8Array }> {
    const keys = yield* sortingNumbersInSlices(this.keyOfId.slice(0, this.ids));
    const offsets = new Uint32Array(this.ids + 1);
    for (let i = 0; i < this.ids; i++) {
      const id = this.idOf.get(keys[i]);
      offsets[i + 1] = offsets[i] + this.size[id];
      this.size[id] = offsets[i];
      this.last[id] = 0;
      if ((i & 0x1fff) === 0x1fff) yield; // a random read of the key table each
    }
    yield;
    return { keys, offsets, bytes: new Uint8Array(offsets[this.ids]) };
  }

  private note(key: number, block: number, write: Uint8Array | undefined): void {
    let id = this.idOf.get(key);
    if (id < 0) {
      if (this.ids === this.capacity) {
        this.capacity *= 2;
        this.keyOfId = grown(this.keyOfId, this.capacity);
        this.last = grown(this.last, this.capacity);
        this.size = grown(this.size, this.capacity);
      }
      id = this.ids++;
      this.idOf.set(key, id);
      this.keyOfId[id] = key;
    }
    if (this.last[id] === block + 1) return;
    const delta = block + 1 - this.last[id];
    this.last[id] = block + 1;
    if (write) this.size[id] = writeVarint(write, this.size[id], delta);
    else this.size[id] += varintBytes(delta);
  }
}

/** Keys of 1-, 2- and 3-byte n-grams, in one space: [0, 256), [256, 65,792), then the trigrams. */

function keyOf(bytes: Uint8Array, at: number, n: number): number {
  if (n === 1) return bytes[at];
  if (n === 2) return 256 + ((bytes[at] << 8) | bytes[at + 1]);
  return 65_792 + ((bytes[at] << 16) | (bytes[at + 1] << 8) | bytes[at + 2]);
}

function commonPrefix(bytes: Uint8Array, aFrom: number, aTo: number, bFrom: number, bTo: number): number {
  const n = Math.min(aTo - aFrom, bTo - bFrom);
  let i = 0;
  while (i < n && bytes[aFrom + i] === bytes[bFrom + i]) i++;
  return i;
}

/** n-gram key → dense id: open addressing, grown past half full (a few hundred thousand keys at most). */
class KeyIds {
  private keys: Int32Array; // 1 + key, 0: free
  private ids: Int32Array;
  private count = 0;

  constructor(expected: number) {
    let size = 1024;
    while (size < 2 * expected) size *= 2;
    this.keys = new Int32Array(size);
    this.ids = new Int32Array(size);
  }

  /** The id of `key`, or -1. */
  get(key: number): number {
    const mask = this.keys.length - 1;
    for (let i = slot(key, mask); ; i = (i + 1) & mask) {
      const at = this.keys[i];
      if (at === key + 1) return this.ids[i];
      if (at === 0) return -1;
    }
  }

  set(key: number, id: number): void {
    if (2 * (this.count + 1) > this.keys.length) this.rehash();
    const mask = this.keys.length - 1;
    let i = slot(key, mask);
    while (this.keys[i] !== 0) i = (i + 1) & mask;
    this.keys[i] = key + 1;
    this.ids[i] = id;
    this.count++;
  }

  private rehash(): void {
    const { keys, ids } = this;
    this.keys = new Int32Array(2 * keys.length);
    this.ids = new Int32Array(2 * keys.length);
    this.count = 0;
    for (let i = 0; i < keys.length; i++) if (keys[i] !== 0) this.set(keys[i] - 1, ids[i]);
  }
}

/** Fibonacci hashing into a table of mask + 1 (a power of two) slots: the product's high bits, which every bit of the key moves. */
const slot = (key: number, mask: number) => (Math.imul(key, 0x9e3779b1) >>> Math.clz32(mask)) & mask;
