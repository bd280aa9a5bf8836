import { emptySet, wordsFor, type Bitset } from './bitset';
import { NgramIndex } from './ngrams';
import { parts, type Parts } from './parts';
import { sortStrings } from './sorted-tokens';
import { findIn, NEWLINE, tokensOf } from './token-bytes';
import type { AddedTokens } from './added-tokens';
import { mergeTokens, type TokenFields } from './token-merge';
import { runInSlices, runNow, type Steps } from './steps';
import { ChunkedIds, shardOf, sizeRows, writeRows } from './token-rows';
import { addAscending, readAscending } from './varints';

/** Tokens per block of the n-gram index: a candidate block is a few hundred bytes to verify. */
export const BLOCK_TOKENS = 32;

/**
 * The broadest tokens' rows kept as bitsets besides their postings (`denseSteps`): a token is broad when
 * its postings take at least `fraction` of the rows in bytes (≥ that share of the rows) and at least
 * `leastBytes`; the largest first, within `bytesPerRow` of the capacity in all (tests lower them).
 */
export const denseTokens = { fraction: 1 / 32, leastBytes: 4096, bytesPerRow: 8 };

/**
 * Which rows contain a search term, without reading every row: the folded
 * search documents cut at whitespace into distinct tokens (a term never holds
 * whitespace, so it occurs in a document exactly when it occurs inside one of
 * its tokens). The tokens are kept sorted in one buffer (between newlines);
 * the n-gram index (ngrams.ts) names the few blocks of tokens that may hold a
 * term, their bytes are searched, and the rows of every matching token merged.
 * Finding a term costs its candidates, not the vocabulary (about a token per
 * person: e-mail addresses). A token's rows are ascending, stored as
 * differences (varints.ts): a byte each for common tokens.
 */
export class TokenIndex {
  /** the broadest tokens' rows as bitsets (token → its rows), made after the base in slices: never in the snapshot */
  private readonly dense = new Map<number, Bitset>();
  private denseBytes = 0;

  private constructor(
    private readonly fields: TokenFields,
    private readonly ngrams: NgramIndex,
  ) {}

  static empty(): TokenIndex {
    const fields = {
      vocabulary: Buffer.from('\n'),
      starts: new Uint32Array(1).fill(1),
      postingStarts: new Uint32Array(1),
      postings: new Uint8Array(0),
    };
    return new TokenIndex(fields, NgramIndex.empty(BLOCK_TOKENS));
  }

  /** `documents[row]`; `pause` runs every few milliseconds, so a big build lets requests through. */
  static build(documents: string[], pause: () => Promise<unknown> = async () => {}): Promise<TokenIndex> {
    return runInSlices(TokenIndex.buildSteps(documents), pause);
  }

  static *buildSteps(documents: string[]): Steps<TokenIndex> {
    // token → id in 256 maps (one map of ten million keys grows by rehashing all of them at once)
    const ids = Array.from({ length: 256 }, () => new Map<string, number>());
    let tokenCount = 0;
    // every row's distinct token ids, one after the other (rowEnds[row] marks where a row ends)
    const flat = new ChunkedIds();
    const rowEnds = new Uint32Array(documents.length);
    const row: number[] = [];
    for (let r = 0; r < documents.length; r++) {
      if ((r & 255) === 255) yield;
      row.length = 0;
      for (const token of tokensOf(documents[r])) {
        const shard = ids[shardOf(token)];
        let id = shard.get(token);
        if (id === undefined) {
          id = tokenCount++;
          shard.set(token, id);
        }
        if (!row.includes(id)) {
          row.push(id);
          flat.push(id);
        }
      }
      rowEnds[r] = flat.length;
    }
    const tokens: string[] = new Array(tokenCount);
    for (const shard of ids) {
      for (const [token, id] of shard) tokens[id] = token;
      yield;
    }
    const sorted = yield* sortStrings(tokens);
    const rank = new Uint32Array(tokenCount);
    for (let t = 0; t < tokenCount; t++) {
      rank[ids[shardOf(sorted[t])].get(sorted[t])!] = t;
      if ((t & 0xfff) === 0xfff) yield;
    }
    for (const shard of ids) shard.clear();
    // the rows of each token as differences: sized in a first pass over the rows, written in a second
    const rows = { rowEnds, flat, rank, last: new Int32Array(tokenCount).fill(-1) };
    const postingStarts = new Uint32Array(tokenCount + 1);
    for (let r = 0; r < documents.length; r += 4096) {
      sizeRows(rows, r, Math.min(r + 4096, documents.length), postingStarts);
      yield;
    }
    for (let t = 0; t < tokenCount; t++) postingStarts[t + 1] += postingStarts[t];
    yield;
    const postings = new Uint8Array(postingStarts[tokenCount]);
    const written = postingStarts.slice(0, tokenCount);
    rows.last.fill(-1);
    for (let r = 0; r < documents.length; r += 4096) {
      writeRows(rows, r, Math.min(r + 4096, documents.length), postings, written);
      yield;
    }
    const starts = new Uint32Array(tokenCount + 1);
    let offset = 1;
    for (let t = 0; t < tokenCount; t++) {
      starts[t] = offset;
      offset += Buffer.byteLength(sorted[t]) + 1;
      if ((t & 0xfff) === 0xfff) yield;
    }
    starts[tokenCount] = offset;
    const vocabulary = Buffer.alloc(offset);
    vocabulary[0] = NEWLINE;
    for (let t = 0; t < tokenCount; t++) {
      vocabulary.write(sorted[t], starts[t]);
      vocabulary[starts[t + 1] - 1] = NEWLINE;
      if ((t & 0xfff) === 0xfff) yield;
    }
    return yield* TokenIndex.withNgrams({ vocabulary, starts, postingStarts, postings });
  }

  /** An index of these tokens and rows, its n-gram index made for them. */
  static *withNgrams(fields: TokenFields): Steps<TokenIndex> {
    return new TokenIndex(fields, yield* NgramIndex.build(fields.vocabulary, fields.starts, BLOCK_TOKENS));
  }

  get tokenCount(): number {
    return this.fields.starts.length - 1;
  }

  token(t: number): Buffer {
    return this.fields.vocabulary.subarray(this.fields.starts[t], this.fields.starts[t + 1] - 1);
  }

  rowsOf(t: number): Uint32Array {
    const { postingStarts, postings } = this.fields;
    const rows = new Uint32Array(postingStarts[t + 1] - postingStarts[t]);
    return rows.subarray(0, readAscending(postings, postingStarts[t], postingStarts[t + 1], rows));
  }

  /** Adds the rows whose document contains `term` (folded like the documents, without whitespace) to `rows`. */
  addRowsContaining(term: Buffer, rows: Bitset): void {
    runNow(this.rowsContainingSteps(term, rows));
  }

  /**
   * The same in steps: a term found in most tokens ("e") is millions of postings at ten million rows.
   * The broad tokens' bitsets holding the term are ORed first, then the other tokens' postings read; a
   * caller that needs only some rows (`enough`: they are all in `rows` now) stops it early — `founder at`
   * needs the `at` of the founders' rows, which the token `at` alone holds — and learns whether `rows`
   * got every row of the term (true) or stopped short.
   */
  *rowsContainingSteps(term: Uint8Array, rows: Bitset, enough?: () => boolean): Steps<boolean> {
    const ored = new Set<number>();
    const pattern = Buffer.from(term.buffer, term.byteOffset, term.byteLength);
    for (const [t, dense] of this.dense) {
      if (dense.length > rows.length || !this.token(t).includes(pattern)) continue;
      orInto(rows, dense);
      ored.add(t);
      yield;
    }
    if (enough?.()) return false;
    const found: number[] = [];
    const read = { bytes: 0 };
    const { postingStarts, postings } = this.fields;
    for (const _ of this.matches(term, found)) {
      for (const t of found) {
        if (ored.size && ored.has(t)) continue;
        const start = postingStarts[t];
        const end = postingStarts[t + 1];
        if (end - start <= 0x1000) {
          // most tokens are a few rows (an e-mail address, one): decoded here, no generator of its own
          addAscending(postings, start, end, rows);
          read.bytes += end - start;
          if (read.bytes >= 0x10000) {
            read.bytes = 0;
            yield;
          }
        } else yield* this.addRowsOf(t, rows, read);
        if (enough?.()) return false;
      }
      found.length = 0;
      yield;
    }
    return true;
  }

  /**
   * Adds token `t`'s rows to `rows` from its postings, in pieces of 64 KB cut between two numbers (a
   * common token is a few million rows at ten million), pausing once `read` has passed 64 KB since the
   * last pause; answers the last row.
   */
  private *addRowsOf(t: number, rows: Bitset, read: { bytes: number }): Steps<number> {
    const { postingStarts, postings } = this.fields;
    let value = -1;
    for (let p = postingStarts[t], end = postingStarts[t + 1]; p < end; ) {
      let stop = Math.min(end, p + 0x10000);
      while (postings[stop - 1] & 0x80) stop++;
      value = addAscending(postings, p, stop, rows, value);
      read.bytes += stop - p;
      p = stop;
      if (read.bytes >= 0x10000) {
        read.bytes = 0;
        yield;
      }
    }
    return value;
  }

  /**
   * Makes the bitsets of the broadest tokens (`denseTokens`), for rows below `capacity`, while `wanted`:
   * a term holding one ORs its rows instead of decoding them — `engineer`, two million rows at ten
   * million profiles, ~10 ms decoded, ~0.3 ms ORed. Derived from the postings, made again for each base.
   */
  *denseSteps(capacity: number, wanted: () => boolean = () => true): Steps<void> {
    const { postingStarts } = this.fields;
    const bytesOf = (t: number) => postingStarts[t + 1] - postingStarts[t];
    const least = Math.max(denseTokens.leastBytes, Math.ceil(capacity * denseTokens.fraction));
    const broad: number[] = [];
    for (let t = 0; t < this.tokenCount; t++) {
      if (bytesOf(t) >= least) broad.push(t);
      if ((t & 0xffff) === 0xffff) yield;
    }
    broad.sort((a, b) => bytesOf(b) - bytesOf(a));
    const budget = capacity * denseTokens.bytesPerRow;
    for (const t of broad) {
      if (!wanted() || this.denseBytes + wordsFor(capacity) * 4 > budget) return;
      if (this.dense.has(t)) continue;
      const rows = emptySet(capacity);
      const last = yield* this.addRowsOf(t, rows, { bytes: 0 });
      if (last >= capacity) return; // rows past the capacity: not this base's (cannot happen; decoded as before)
      this.dense.set(t, rows);
      this.denseBytes += rows.byteLength;
    }
  }

  /** The tokens holding `term` (the lookup without its rows: what the bench times). */
  tokensContaining(term: Uint8Array): number[] {
    const all: number[] = [];
    const found: number[] = [];
    for (const _ of this.matches(term, found)) {
      for (const t of found) all.push(t);
      found.length = 0;
    }
    return all;
  }

  /**
   * Puts the tokens holding `term` in `found`, a run of candidate blocks at a
   * time (yielding after each): the candidate blocks of the n-gram index, their
   * bytes read once (a block is a few hundred), each matching token once.
   */
  private *matches(term: Uint8Array, found: number[]): Generator<void, void, void> {
    const { vocabulary, starts } = this.fields;
    const size = this.ngrams.blockSize;
    const blocks = term.length
      ? this.ngrams.candidates(term)
      : Uint32Array.from({ length: Math.ceil(this.tokenCount / size) }, (_, b) => b);
    for (let i = 0; i < blocks.length; ) {
      // a run of consecutive candidate blocks, at most 64 (some 50 KB)
      let j = i + 1;
      while (j < blocks.length && blocks[j] === blocks[j - 1] + 1 && j - i < 64) j++;
      findIn(vocabulary, starts, blocks[i] * size, Math.min(blocks[j - 1] * size + size, this.tokenCount), term, found);
      i = j;
      yield;
    }
  }

  bytes(): number {
    return Object.values(this.bytesByPart()).reduce((sum, n) => sum + n, 0);
  }

  bytesByPart(): Record<string, number> {
    return {
      vocabulary: this.fields.vocabulary.byteLength,
      starts: this.fields.starts.byteLength,
      postingStarts: this.fields.postingStarts.byteLength,
      postings: this.fields.postings.byteLength,
      dense: this.denseBytes,
      ...this.ngrams.bytesByPart(),
    };
  }

  toParts(): Parts {
    const { vocabulary, starts, postingStarts, postings } = this.fields;
    return parts(
      { vocabulary: new Uint8Array(vocabulary.buffer, vocabulary.byteOffset, vocabulary.byteLength), starts, postingStarts, postings },
      {},
      { ngrams: this.ngrams.toParts() },
    );
  }

  static fromParts(from: Parts): TokenIndex {
    const { vocabulary, starts, postingStarts, postings } = from.arrays;
    const fields = {
      vocabulary: Buffer.from(vocabulary.buffer, vocabulary.byteOffset, vocabulary.byteLength),
      starts: starts as Uint32Array,
      postingStarts: postingStarts as Uint32Array,
      postings: postings as Uint8Array,
    };
    return new TokenIndex(fields, NgramIndex.fromParts(from.children.ngrams));
  }

  /** Steps that make a new index of the same tokens without the rows of `dropped`, plus `added` (token-merge.ts), the n-gram index then made again for the new blocks. */
  static *mergeSteps(base: TokenIndex, dropped: Bitset, added: AddedTokens): Steps<TokenIndex> {
    return yield* TokenIndex.withNgrams(yield* mergeTokens(base.fields, dropped, added));
  }
}

/** rows ∪= bits (no longer than rows); a plain function: V8 optimizes a loop in a generator less well */
function orInto(rows: Bitset, bits: Bitset): void {
  for (let i = 0; i < bits.length; i++) rows[i] |= bits[i];
}
