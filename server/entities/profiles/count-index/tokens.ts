import { add, emptySet, has, intersectInto, resized, subtractInto, type Bitset } from './bitset';

/**
 * Which rows contain a search term, without reading every row: the folded
 * search documents cut at whitespace into distinct tokens (a term never holds
 * whitespace, so it occurs in a document exactly when it occurs inside one of
 * its tokens). A term is looked for once in the vocabulary (one buffer, the
 * tokens between newlines), then the rows of every matching token are merged.
 */
export class TokenIndex {
  private constructor(
    /** "\n" + token0 + "\n" + token1 + "\n" … */
    private readonly vocabulary: Buffer,
    /** byte offset of each token in `vocabulary`, plus the end */
    private readonly starts: Uint32Array,
    /** rows of token t: postings[postingStarts[t] .. postingStarts[t + 1]) */
    private readonly postingStarts: Uint32Array,
    private readonly postings: Uint32Array,
  ) {}

  static empty(): TokenIndex {
    return new TokenIndex(Buffer.from('\n'), new Uint32Array(1).fill(1), new Uint32Array(1), new Uint32Array(0));
  }

  /** `documents[row]`; `pause` runs every 50,000 documents, so a big build lets requests through. */
  static async build(documents: string[], pause: () => Promise<unknown> = async () => {}): Promise<TokenIndex> {
    const ids = new Map<string, number>();
    const frequency: number[] = [];
    // every row's distinct token ids, one after the other (rowEnds[row] marks where a row's end)
    const flat: number[] = [];
    const rowEnds = new Uint32Array(documents.length);
    for (let row = 0; row < documents.length; row++) {
      if (row % 50_000 === 49_999) await pause();
      const rowStart = flat.length;
      for (const token of tokensOf(documents[row])) {
        let id = ids.get(token);
        if (id === undefined) {
          id = ids.size;
          ids.set(token, id);
          frequency.push(0);
        }
        let repeated = false;
        for (let k = rowStart; k < flat.length && !repeated; k++) repeated = flat[k] === id;
        if (!repeated) {
          flat.push(id);
          frequency[id]++;
        }
      }
      rowEnds[row] = flat.length;
    }
    const tokens = [...ids.keys()];
    ids.clear();
    const postingStarts = new Uint32Array(tokens.length + 1);
    for (let t = 0; t < tokens.length; t++) postingStarts[t + 1] = postingStarts[t] + frequency[t];
    const postings = new Uint32Array(postingStarts[tokens.length]);
    const filled = postingStarts.slice(0, tokens.length);
    let k = 0;
    for (let row = 0; row < documents.length; row++) for (; k < rowEnds[row]; k++) postings[filled[flat[k]]++] = row;
    const { vocabulary, starts } = vocabularyOf(tokens.map((token) => Buffer.from(token)));
    return new TokenIndex(vocabulary, starts, postingStarts, postings);
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
    let from = 0;
    for (;;) {
      const at = this.vocabulary.indexOf(term, from);
      if (at === -1) break;
      const token = this.tokenAt(at);
      for (let p = this.postingStarts[token]; p < this.postingStarts[token + 1]; p++) add(rows, this.postings[p]);
      from = this.starts[token + 1]; // the next token: each matching token once
    }
  }

  bytes(): number {
    return this.vocabulary.byteLength + this.starts.byteLength + this.postingStarts.byteLength + this.postings.byteLength;
  }

  /**
   * A new index of the same tokens without the rows of `dropped`, plus `added`
   * (token → rows), tokens left without rows leaving the vocabulary. One pass
   * over the base without an allocation per token (a million rows have
   * millions of tokens): postings are filtered into one new array, runs of kept
   * tokens copied as one, and a base token is decoded only when the hash of its
   * bytes is that of an added token.
   */
  static merge(base: TokenIndex, dropped: Bitset, added: Map<string, Iterable<number>>): TokenIndex {
    const addedRows = new Map<string, number[]>();
    const addedHashes = new Set<number>();
    let addedPostings = 0;
    let addedBytes = 0;
    for (const [token, rows] of added) {
      const list = [...rows];
      if (list.length === 0) continue;
      const bytes = Buffer.from(token);
      addedRows.set(token, list);
      addedHashes.add(hashBytes(bytes, 0, bytes.length));
      addedPostings += list.length;
      addedBytes += bytes.length + 1;
    }
    const capacity = base.tokenCount + addedRows.size;
    const starts = new Uint32Array(capacity + 1);
    const postingStarts = new Uint32Array(capacity + 1);
    const postings = new Uint32Array(base.postings.length + addedPostings);
    const vocabulary = Buffer.alloc(base.vocabulary.length + addedBytes, '\n');
    let tokens = 0;
    let written = 0;
    let offset = 1;
    // kept tokens are copied as runs: [runFrom, runTo) of the base vocabulary, to go at runAt
    let runFrom = 1;
    let runTo = 1;
    let runAt = 1;
    const flush = () => {
      if (runTo > runFrom) base.vocabulary.copy(vocabulary, runAt, runFrom, runTo);
    };
    for (let t = 0; t < base.tokenCount; t++) {
      const first = written;
      for (let p = base.postingStarts[t]; p < base.postingStarts[t + 1]; p++) {
        const row = base.postings[p];
        if (!has(dropped, row)) postings[written++] = row;
      }
      const from = base.starts[t];
      const to = base.starts[t + 1]; // the token's bytes and its newline
      if (addedHashes.size && addedHashes.has(hashBytes(base.vocabulary, from, to - 1))) {
        const text = base.vocabulary.toString('utf8', from, to - 1);
        const more = addedRows.get(text);
        if (more) {
          for (const row of more) postings[written++] = row;
          addedRows.delete(text);
        }
      }
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
    for (const [token, rows] of addedRows) {
      starts[tokens] = offset;
      postingStarts[tokens] = written;
      tokens++;
      offset += vocabulary.write(token, offset) + 1;
      for (const row of rows) postings[written++] = row;
    }
    starts[tokens] = offset;
    postingStarts[tokens] = written;
    return new TokenIndex(
      vocabulary.subarray(0, offset),
      starts.slice(0, tokens + 1),
      postingStarts.slice(0, tokens + 1),
      postings.subarray(0, written),
    );
  }

  /** The token whose bytes cover `offset` of the vocabulary. */
  private tokenAt(offset: number): number {
    return lastStartAtOrBefore(this.starts, this.starts.length - 1, offset);
  }
}

/** The last of the first `count` (ascending) starts that is not after `offset`: the token holding that byte. */
function lastStartAtOrBefore(starts: ArrayLike<number>, count: number, offset: number): number {
  let low = 0;
  let high = count - 1;
  while (low < high) {
    const middle = (low + high + 1) >>> 1;
    if (starts[middle] <= offset) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** FNV-1a of `bytes[from, to)`. */
function hashBytes(bytes: Uint8Array, from: number, to: number): number {
  let hash = 0x811c9dc5;
  for (let i = from; i < to; i++) hash = Math.imul(hash ^ bytes[i], 0x01000193);
  return hash >>> 0;
}

function tokensOf(document: string): string[] {
  return document.split(/\s+/).filter(Boolean);
}

function vocabularyOf(tokens: Buffer[]): { vocabulary: Buffer; starts: Uint32Array } {
  const starts = new Uint32Array(tokens.length + 1);
  let offset = 1;
  for (let t = 0; t < tokens.length; t++) {
    starts[t] = offset;
    offset += tokens[t].length + 1;
  }
  starts[tokens.length] = offset;
  const vocabulary = Buffer.alloc(offset, '\n');
  for (let t = 0; t < tokens.length; t++) tokens[t].copy(vocabulary, starts[t]);
  return { vocabulary, starts };
}

/** Merge the changes into a new base once this many rows changed since the last merge (or 2 % of the rows). */
const MERGE_AFTER_ROWS = 5_000;

/**
 * The token index as rows change: an immutable base, the base rows whose
 * document changed since (`stale`: their base entries no longer count), and
 * the tokens of the changed rows' new documents (`recent`: a small vocabulary
 * that only grows, searched the same way). When `recent` holds enough rows,
 * it is merged into a new base.
 */
export class SearchIndex {
  private stale: Bitset;
  private readonly recentIds = new Map<string, number>();
  private recentRows: Set<number>[] = [];
  private recentVocabulary = Buffer.alloc(4096);
  private recentUsed = 1;
  private readonly recentStarts: number[] = [];
  /** the recent tokens of each changed row */
  private readonly tokensOfRow = new Map<number, number[]>();
  /**
   * The base's rows for recent terms (most recently used last): the base
   * never changes, so these hold until the next merge. A term is then one
   * copy, one subtraction and the small recent vocabulary instead of a scan
   * of every token (tens of megabytes at a million profiles).
   */
  private readonly baseHits = new Map<string, Bitset>();

  constructor(
    private base: TokenIndex,
    private capacity: number,
  ) {
    this.stale = emptySet(capacity);
    this.recentVocabulary[0] = 0x0a;
  }

  grow(capacity: number): void {
    this.capacity = capacity;
    this.stale = resized(this.stale, capacity);
    this.baseHits.clear();
  }

  /** The row's document is now `document` (undefined: the row is gone). */
  set(row: number, document: string | undefined): void {
    add(this.stale, row);
    for (const t of this.tokensOfRow.get(row) ?? []) this.recentRows[t].delete(row);
    this.tokensOfRow.delete(row);
    if (document === undefined) return;
    const ids = [...new Set(tokensOf(document))].map((token) => this.recentId(token));
    for (const t of ids) this.recentRows[t].add(row);
    this.tokensOfRow.set(row, ids);
    if (this.tokensOfRow.size >= Math.max(MERGE_AFTER_ROWS, this.capacity / 50)) this.merge();
  }

  /** The rows whose document contains every one of `terms`, within `rows`. */
  filter(rows: Bitset, terms: string[]): void {
    for (const term of terms) if (term) intersectInto(rows, this.rowsContaining(term));
  }

  /** The rows whose document contains `term` (a new set). */
  rowsContaining(term: string): Bitset {
    const pattern = Buffer.from(term);
    const found = this.baseRowsContaining(term, pattern).slice();
    subtractInto(found, this.stale);
    const vocabulary = this.recentVocabulary.subarray(0, this.recentUsed);
    for (let from = 0; ; ) {
      const at = vocabulary.indexOf(pattern, from);
      if (at === -1) break;
      const t = this.recentAt(at);
      for (const row of this.recentRows[t]) add(found, row);
      from = t + 1 < this.recentStarts.length ? this.recentStarts[t + 1] : this.recentUsed;
    }
    return found;
  }

  /** Folds the recent changes into a new base (done by `set` when they are many). */
  merge(): void {
    const added = new Map<string, Set<number>>();
    for (const [token, t] of this.recentIds) if (this.recentRows[t].size) added.set(token, this.recentRows[t]);
    this.base = TokenIndex.merge(this.base, this.stale, added);
    this.stale = emptySet(this.capacity);
    this.recentIds.clear();
    this.recentRows = [];
    this.recentStarts.length = 0;
    this.recentUsed = 1;
    this.tokensOfRow.clear();
    this.baseHits.clear();
  }

  private baseRowsContaining(term: string, pattern: Buffer): Bitset {
    let rows = this.baseHits.get(term);
    if (rows) {
      this.baseHits.delete(term);
    } else {
      rows = emptySet(this.capacity);
      this.base.addRowsContaining(pattern, rows);
      // at most ~16 MB of remembered terms (64 at a million rows)
      const room = Math.max(8, Math.floor((16 * 2 ** 20) / Math.max(1, rows.byteLength)));
      while (this.baseHits.size >= room) this.baseHits.delete(this.baseHits.keys().next().value!);
    }
    this.baseHits.set(term, rows);
    return rows;
  }

  bytes(): number {
    let hits = 0;
    for (const rows of this.baseHits.values()) hits += rows.byteLength;
    return this.base.bytes() + this.stale.byteLength + this.recentVocabulary.byteLength + this.tokensOfRow.size * 64 + hits;
  }

  private recentId(token: string): number {
    let t = this.recentIds.get(token);
    if (t !== undefined) return t;
    const bytes = Buffer.from(token);
    if (this.recentUsed + bytes.length + 1 > this.recentVocabulary.length) {
      const grown = Buffer.alloc(2 * (this.recentUsed + bytes.length + 1));
      this.recentVocabulary.copy(grown, 0, 0, this.recentUsed);
      this.recentVocabulary = grown;
    }
    t = this.recentStarts.length;
    this.recentStarts.push(this.recentUsed);
    bytes.copy(this.recentVocabulary, this.recentUsed);
    this.recentUsed += bytes.length;
    this.recentVocabulary[this.recentUsed++] = 0x0a;
    this.recentIds.set(token, t);
    this.recentRows.push(new Set());
    return t;
  }

  private recentAt(offset: number): number {
    return lastStartAtOrBefore(this.recentStarts, this.recentStarts.length, offset);
  }
}
