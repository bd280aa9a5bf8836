import { compareBytes, lastStartAtOrBefore, NEWLINE } from './token-bytes';
import { grown } from './typed-arrays';

/**
 * A vocabulary that only grows (a layer of changed documents, recent-tokens.ts):
 * "\n" + token0 + "\n" + token1 + "\n" …, in the order the tokens came, each
 * found by its bytes through a hash table of typed arrays (no string or map
 * entry per token on the heap), and searched for a term by one scan.
 */
export class GrowingVocabulary {
  private bytes: Buffer = Buffer.alloc(4096);
  private used = 1;
  private starts = new Uint32Array(1024);
  /** each token's hash: a rehash reads these, not the bytes again (a million tokens at ten million rows) */
  private hashes = new Uint32Array(1024);
  /** how many tokens */
  size = 0;
  /** open addressing by the token's bytes: token + 1 (0: free) */
  private slots = new Int32Array(2048);

  /** `expected`: how many tokens it is likely to hold (its hash table made for them at once) */
  constructor(expected = 0) {
    this.bytes[0] = NEWLINE;
    if (2 * expected > this.slots.length) this.slots = new Int32Array(slotsFor(expected));
  }

  /** The token's id, added if it is new. */
  id(token: Buffer): number {
    const mask = this.slots.length - 1;
    const hash = hashBytes(token, 0, token.length);
    let slot = hash & mask;
    for (; this.slots[slot] !== 0; slot = (slot + 1) & mask) {
      const t = this.slots[slot] - 1;
      if (this.hashes[t] === hash && compareBytes(token, this.bytes, this.starts[t], this.end(t)) === 0) return t;
    }
    if (this.used + token.length + 1 > this.bytes.length)
      this.bytes = grownBuffer(this.bytes, this.used, 2 * (this.used + token.length + 1));
    if (this.size === this.starts.length) {
      this.starts = grown(this.starts, 2 * this.size);
      this.hashes = grown(this.hashes, 2 * this.size);
    }
    const t = this.size++;
    this.starts[t] = this.used;
    this.hashes[t] = hash;
    this.used += token.copy(this.bytes, this.used);
    this.bytes[this.used++] = NEWLINE;
    this.slots[slot] = t + 1;
    if (2 * this.size > this.slots.length) this.rehash(2 * this.slots.length);
    return t;
  }

  /** Calls `each` once with each token that holds `pattern`. */
  eachHolding(pattern: Buffer, each: (t: number) => void): void {
    const bytes = this.bytes.subarray(0, this.used);
    const starts = this.starts.subarray(0, this.size);
    for (let from = 0; ; ) {
      const at = bytes.indexOf(pattern, from);
      if (at === -1) break;
      const t = lastStartAtOrBefore(starts, 0, starts.length, at);
      each(t);
      from = this.end(t) + 1;
    }
  }

  token(t: number): string {
    return this.bytes.toString('utf8', this.starts[t], this.end(t));
  }

  byteLength(): number {
    return this.bytes.byteLength + this.starts.byteLength + this.hashes.byteLength + this.slots.byteLength;
  }

  toArrays(): { vocabulary: Buffer; starts: Uint32Array } {
    return { vocabulary: this.bytes.subarray(0, this.used), starts: this.starts.slice(0, this.size) };
  }

  static fromArrays(vocabulary: Uint8Array, starts: Uint32Array): GrowingVocabulary {
    const grown = new GrowingVocabulary();
    grown.bytes = grownBuffer(vocabulary, vocabulary.length, Math.max(4096, 2 * vocabulary.length));
    grown.used = vocabulary.length;
    grown.starts = new Uint32Array(Math.max(1024, 2 * starts.length));
    grown.starts.set(starts);
    grown.size = starts.length;
    grown.hashes = new Uint32Array(grown.starts.length);
    for (let t = 0; t < grown.size; t++) grown.hashes[t] = hashBytes(grown.bytes, starts[t], grown.end(t));
    grown.rehash(slotsFor(starts.length));
    return grown;
  }

  private rehash(length: number): void {
    this.slots = new Int32Array(length);
    const mask = length - 1;
    for (let t = 0; t < this.size; t++) {
      let slot = this.hashes[t] & mask;
      while (this.slots[slot] !== 0) slot = (slot + 1) & mask;
      this.slots[slot] = t + 1;
    }
  }

  /** Where token t's bytes end (at its newline). */
  private end(t: number): number {
    return (t + 1 < this.size ? this.starts[t + 1] : this.used) - 1;
  }
}

function grownBuffer(bytes: Uint8Array, used: number, length: number): Buffer {
  const grown = Buffer.alloc(length);
  grown.set(bytes.subarray(0, used));
  return grown;
}

/** FNV-1a of bytes[from, to). */
function hashBytes(bytes: Uint8Array, from: number, to: number): number {
  let h = 0x811c9dc5;
  for (let i = from; i < to; i++) h = Math.imul(h ^ bytes[i], 0x01000193);
  return h >>> 0;
}

/** A power of two with room for `n` tokens at most half full. */
function slotsFor(n: number): number {
  return 2 ** Math.max(11, Math.ceil(Math.log2(2 * n + 1)));
}
