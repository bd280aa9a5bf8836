import { add, emptySet, type Bitset } from './bitset';

/**
 * Which rows contain a search term, without reading every row: the folded
 * search documents cut at whitespace into distinct tokens (a term never holds
 * whitespace, so it occurs in a document exactly when it occurs inside one of
 * its tokens). A term is looked for once in the vocabulary (one buffer, the
 * tokens between newlines), then the rows of every matching token are merged.
 */
export class TokenIndex {
  private constructor(
    private readonly rows: number,
    /** "\n" + token0 + "\n" + token1 + "\n" … */
    private readonly vocabulary: Buffer,
    /** byte offset of each token in `vocabulary`, plus the end */
    private readonly starts: Uint32Array,
    /** rows of token t: postings[postingStarts[t] .. postingStarts[t + 1]) */
    private readonly postingStarts: Uint32Array,
    private readonly postings: Uint32Array,
  ) {}

  /** `pause` runs every 50,000 documents, so a big build lets requests through. */
  static async build(documents: string[], pause: () => Promise<unknown> = async () => {}): Promise<TokenIndex> {
    const ids = new Map<string, number>();
    const frequency: number[] = [];
    // every row's distinct token ids, one after the other (rowEnds[row] marks where a row's end)
    const flat: number[] = [];
    const rowEnds = new Uint32Array(documents.length);
    for (let row = 0; row < documents.length; row++) {
      if (row % 50_000 === 49_999) await pause();
      const rowStart = flat.length;
      for (const token of documents[row].split(/\s+/)) {
        if (!token) continue;
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
    const vocabulary = Buffer.from(`\n${tokens.join('\n')}\n`);
    const starts = new Uint32Array(tokens.length + 1);
    let offset = 1;
    for (let t = 0; t < tokens.length; t++) {
      starts[t] = offset;
      offset += Buffer.byteLength(tokens[t]) + 1;
    }
    starts[tokens.length] = offset;
    const postingStarts = new Uint32Array(tokens.length + 1);
    for (let t = 0; t < tokens.length; t++) postingStarts[t + 1] = postingStarts[t] + frequency[t];
    const postings = new Uint32Array(postingStarts[tokens.length]);
    const filled = postingStarts.slice(0, tokens.length);
    let k = 0;
    for (let row = 0; row < documents.length; row++) for (; k < rowEnds[row]; k++) postings[filled[flat[k]]++] = row;
    return new TokenIndex(documents.length, vocabulary, starts, postingStarts, postings);
  }

  /** The rows whose document contains `term` (folded like the documents, without whitespace). */
  rowsContaining(term: string): Bitset {
    const rows = emptySet(this.rows);
    const pattern = Buffer.from(term);
    let from = 0;
    for (;;) {
      const at = this.vocabulary.indexOf(pattern, from);
      if (at === -1) break;
      const token = this.tokenAt(at);
      for (let p = this.postingStarts[token]; p < this.postingStarts[token + 1]; p++) add(rows, this.postings[p]);
      from = this.starts[token + 1]; // the next token: each matching token once
    }
    return rows;
  }

  /** The token whose bytes cover `offset` of the vocabulary. */
  private tokenAt(offset: number): number {
    let low = 0;
    let high = this.starts.length - 2;
    while (low < high) {
      const middle = (low + high + 1) >>> 1;
      if (this.starts[middle] <= offset) low = middle;
      else high = middle - 1;
    }
    return low;
  }
}
