import { add, has, type Bitset } from './bitset';
import { NgramIndex } from './ngrams';
import { parts, type Parts } from './parts';
import { sortStrings } from './sorted-tokens';
import { compareBytes, lastStartAtOrBefore, tokensOf } from './token-bytes';
import { runInSlices, runNow, type Steps } from './steps';

/** Tokens per block of the n-gram index: a candidate block is a few hundred bytes to verify. */
const BLOCK_TOKENS = 32;

/**
 * Which rows contain a search term, without reading every row: the folded
 * search documents cut at whitespace into distinct tokens (a term never holds
 * whitespace, so it occurs in a document exactly when it occurs inside one of
 * its tokens). The tokens are kept sorted in one buffer (between newlines);
 * the n-gram index (ngrams.ts) names the few blocks of tokens that may hold a
 * term, their bytes are searched, and the rows of every matching token merged.
 * Finding a term costs its candidates, not the vocabulary (about a token per
 * person: e-mail addresses).
 */
export class TokenIndex {
  private constructor(
    /** "\n" + token0 + "\n" + token1 + "\n" …, tokens in sorted order */
    private readonly vocabulary: Buffer,
    /** byte offset of each token in `vocabulary`, plus the end */
    private readonly starts: Uint32Array,
    /** rows of token t: postings[postingStarts[t] .. postingStarts[t + 1]) */
    private readonly postingStarts: Uint32Array,
    private readonly postings: Uint32Array,
    private readonly ngrams: NgramIndex,
  ) {}

  static empty(): TokenIndex {
    return new TokenIndex(
      Buffer.from('\n'),
      new Uint32Array(1).fill(1),
      new Uint32Array(1),
      new Uint32Array(0),
      NgramIndex.empty(BLOCK_TOKENS),
    );
  }

  /** `documents[row]`; `pause` runs every few milliseconds, so a big build lets requests through. */
  static build(documents: string[], pause: () => Promise<unknown> = async () => {}): Promise<TokenIndex> {
    return runInSlices(TokenIndex.buildSteps(documents), pause);
  }

  static *buildSteps(documents: string[]): Steps<TokenIndex> {
    // token → id in 256 maps (one map of ten million keys grows by rehashing all of them at once)
    const ids = Array.from({ length: 256 }, () => new Map<string, number>());
    let tokenCount = 0;
    let frequency = new Uint32Array(1024);
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
          if (id === frequency.length) frequency = grown(frequency, 2 * id);
        }
        if (!row.includes(id)) {
          row.push(id);
          flat.push(id);
          frequency[id]++;
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
    const postingStarts = new Uint32Array(tokenCount + 1);
    for (let id = 0; id < tokenCount; id++) postingStarts[rank[id] + 1] = frequency[id];
    yield;
    for (let t = 0; t < tokenCount; t++) postingStarts[t + 1] += postingStarts[t];
    yield;
    const postings = new Uint32Array(postingStarts[tokenCount]);
    const filled = postingStarts.slice(0, tokenCount);
    for (let r = 0, k = 0; r < documents.length; r++) {
      for (; k < rowEnds[r]; k++) postings[filled[rank[flat.at(k)]]++] = r;
      if ((r & 0xfff) === 0xfff) yield;
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
    const ngrams = yield* NgramIndex.build(vocabulary, starts, BLOCK_TOKENS);
    return new TokenIndex(vocabulary, starts, postingStarts, postings, ngrams);
  }

  get tokenCount(): number {
    return this.starts.length - 1;
  }

  token(t: number): Buffer {
    return this.vocabulary.subarray(this.starts[t], this.starts[t + 1] - 1);
  }

  rowsOf(t: number): Uint32Array {
    return this.postings.subarray(this.postingStarts[t], this.postingStarts[t + 1]);
  }

  /** Adds the rows whose document contains `term` (folded like the documents, without whitespace) to `rows`. */
  addRowsContaining(term: Buffer, rows: Bitset): void {
    runNow(this.rowsContainingSteps(term, rows));
  }

  /** The same in steps: a term found in most tokens ("e") is millions of postings at ten million rows. */
  *rowsContainingSteps(term: Uint8Array, rows: Bitset): Steps<void> {
    let postings = 0;
    for (const t of this.matches(term)) {
      if (t === PAUSE) yield;
      else
        for (let p = this.postingStarts[t]; p < this.postingStarts[t + 1]; p++) {
          add(rows, this.postings[p]);
          if ((++postings & 0xffff) === 0) yield;
        }
    }
  }

  /** The tokens holding `term` (the lookup without its rows: what the bench times). */
  tokensContaining(term: Uint8Array): number[] {
    return [...this.matches(term)].filter((t) => t !== PAUSE);
  }

  /**
   * Each token holding `term`, once, with PAUSE between blocks: the candidate
   * blocks of the n-gram index, their bytes searched (a block is a few hundred).
   */
  private *matches(term: Uint8Array): Generator<number, void, void> {
    if (term.length === 0) {
      for (let t = 0; t < this.tokenCount; t++) yield t;
      return;
    }
    const pattern = Buffer.from(term.buffer, term.byteOffset, term.byteLength);
    const size = this.ngrams.blockSize;
    for (const block of this.ngrams.candidates(term)) {
      const first = block * size;
      const end = Math.min(first + size, this.tokenCount);
      const from = this.starts[first];
      const bytes = this.vocabulary.subarray(from, this.starts[end]);
      for (let at = bytes.indexOf(pattern); at !== -1; ) {
        const t = lastStartAtOrBefore(this.starts, first, end, from + at);
        yield t;
        at = bytes.indexOf(pattern, this.starts[t + 1] - from); // the next token: each matching token once
      }
      yield PAUSE;
    }
  }

  bytes(): number {
    return Object.values(this.bytesByPart()).reduce((sum, n) => sum + n, 0);
  }

  bytesByPart(): Record<string, number> {
    return {
      vocabulary: this.vocabulary.byteLength,
      starts: this.starts.byteLength,
      postingStarts: this.postingStarts.byteLength,
      postings: this.postings.byteLength,
      ...this.ngrams.bytesByPart(),
    };
  }

  toParts(): Parts {
    const { vocabulary, starts, postingStarts, postings } = this;
    return parts(
      { vocabulary: new Uint8Array(vocabulary.buffer, vocabulary.byteOffset, vocabulary.byteLength), starts, postingStarts, postings },
      {},
      { ngrams: this.ngrams.toParts() },
    );
  }

  static fromParts(from: Parts): TokenIndex {
    const { vocabulary, starts, postingStarts, postings } = from.arrays;
    return new TokenIndex(
      Buffer.from(vocabulary.buffer, vocabulary.byteOffset, vocabulary.byteLength),
      starts as Uint32Array,
      postingStarts as Uint32Array,
      postings as Uint32Array,
      NgramIndex.fromParts(from.children.ngrams),
    );
  }

  /** A new index of the same tokens without the rows of `dropped`, plus `added` (token → rows). */
  static merge(base: TokenIndex, dropped: Bitset, added: Map<string, Iterable<number>>): TokenIndex {
    return runNow(TokenIndex.mergeSteps(base, dropped, added));
  }

  /**
   * The same in steps. One pass over the base without an allocation per token
   * (millions of them): postings filtered into one new array, runs of kept
   * tokens copied as one, the added tokens (sorted) put in their place as the
   * walk passes it; tokens left without rows leave the vocabulary. The n-gram
   * index is then made again for the new blocks.
   */
  static *mergeSteps(base: TokenIndex, dropped: Bitset, added: Map<string, Iterable<number>>): Steps<TokenIndex> {
    const entries: { bytes: Buffer; rows: number[] }[] = [];
    let addedPostings = 0;
    let addedBytes = 0;
    for (const token of yield* sortStrings([...added.keys()])) {
      const rows = [...added.get(token)!];
      if (rows.length === 0) continue;
      const bytes = Buffer.from(token);
      entries.push({ bytes, rows });
      addedPostings += rows.length;
      addedBytes += bytes.length + 1;
      if ((entries.length & 1023) === 0) yield;
    }
    yield;
    const capacity = base.tokenCount + entries.length;
    const starts = new Uint32Array(capacity + 1);
    const postingStarts = new Uint32Array(capacity + 1);
    const postings = new Uint32Array(base.postings.length + addedPostings);
    const vocabulary = Buffer.alloc(base.vocabulary.length + addedBytes);
    vocabulary[0] = NEWLINE;
    let tokens = 0;
    let written = 0;
    let offset = 1;
    // kept tokens are copied as runs: [runFrom, runTo) of the base vocabulary, to go at runAt
    let runFrom = 1;
    let runTo = 1;
    let runAt = 1;
    const flush = () => {
      if (runTo > runFrom) base.vocabulary.copy(vocabulary, runAt, runFrom, runTo);
      runFrom = runTo = -1;
    };
    let next = 0;
    const putAdded = () => {
      flush();
      const { bytes, rows } = entries[next++];
      starts[tokens] = offset;
      postingStarts[tokens] = written;
      tokens++;
      offset += bytes.copy(vocabulary, offset);
      vocabulary[offset++] = NEWLINE;
      for (const row of rows) postings[written++] = row;
    };
    for (let t = 0; t < base.tokenCount; t++) {
      const from = base.starts[t];
      const to = base.starts[t + 1]; // the token's bytes and its newline
      let order = 1;
      while (next < entries.length) {
        order = compareBytes(entries[next].bytes, base.vocabulary, from, to - 1);
        if (order >= 0) break;
        putAdded();
      }
      const first = written;
      for (let p = base.postingStarts[t]; p < base.postingStarts[t + 1]; p++) {
        const row = base.postings[p];
        if (!has(dropped, row)) postings[written++] = row;
      }
      if (next < entries.length && order === 0) for (const row of entries[next++].rows) postings[written++] = row;
      if ((t & 1023) === 1023) yield;
      if (written === first) continue;
      starts[tokens] = offset;
      postingStarts[tokens] = first;
      tokens++;
      if (from !== runTo) {
        flush();
        runFrom = from;
        runAt = offset;
      }
      runTo = to;
      offset += to - from;
    }
    flush();
    while (next < entries.length) putAdded();
    starts[tokens] = offset;
    postingStarts[tokens] = written;
    const merged = {
      vocabulary: vocabulary.subarray(0, offset),
      starts: starts.subarray(0, tokens + 1),
      postingStarts: postingStarts.subarray(0, tokens + 1),
      postings: postings.subarray(0, written),
    };
    yield;
    const ngrams = yield* NgramIndex.build(merged.vocabulary, merged.starts, BLOCK_TOKENS);
    return new TokenIndex(merged.vocabulary, merged.starts, merged.postingStarts, merged.postings, ngrams);
  }
}

const NEWLINE = 0x0a;
/** `matches` yields it where the caller may pause */
const PAUSE = -1;

/** Which of the build's maps holds a token. */
const shardOf = (token: string) => (token.charCodeAt(token.length >> 1) * 31 + token.charCodeAt(0) + token.length * 131) & 255;

/** A growing list of ids in chunks of a million: no copy of the whole as it grows (a hundred million at ten million rows). */
class ChunkedIds {
  private readonly chunks: Uint32Array[] = [];
  length = 0;

  push(id: number): void {
    if ((this.length & 0xfffff) === 0) this.chunks.push(new Uint32Array(0x100000));
    this.chunks[this.chunks.length - 1][this.length++ & 0xfffff] = id;
  }

  at(k: number): number {
    return this.chunks[k >>> 20][k & 0xfffff];
  }
}

function grown(array: Uint32Array, capacity: number): Uint32Array<ArrayBuffer> {
  const bigger = new Uint32Array(Math.max(capacity, 1024));
  bigger.set(array);
  return bigger;
}
