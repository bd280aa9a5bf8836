// Pieces of a token base's build (token-base.ts): where a token's id is kept, the rows' token ids, their rows as differences.
import { varintBytes, writeVarint } from './varints';

export interface BuildRows {
  rowEnds: Uint32Array;
  flat: ChunkedIds;
  rank: Uint32Array;
  /** each token's last row so far */
  last: Int32Array;
}

/** Adds to sizes[t + 1] the bytes of token t's rows among rows [from, to) (plain functions: V8 optimizes them better than a generator). */
export function sizeRows({ rowEnds, flat, rank, last }: BuildRows, from: number, to: number, sizes: Uint32Array): void {
  for (let r = from, k = from ? rowEnds[from - 1] : 0; r < to; r++) {
    for (; k < rowEnds[r]; k++) {
      const t = rank[flat.at(k)];
      sizes[t + 1] += varintBytes(r - last[t]);
      last[t] = r;
    }
  }
}

/** Writes token t's rows among rows [from, to) at written[t], as differences. */
export function writeRows(
  { rowEnds, flat, rank, last }: BuildRows,
  from: number,
  to: number,
  postings: Uint8Array,
  written: Uint32Array,
): void {
  for (let r = from, k = from ? rowEnds[from - 1] : 0; r < to; r++) {
    for (; k < rowEnds[r]; k++) {
      const t = rank[flat.at(k)];
      written[t] = writeVarint(postings, written[t], r - last[t]);
      last[t] = r;
    }
  }
}

/** Which of the build's maps holds a token. */
export const shardOf = (token: string) => (token.charCodeAt(token.length >> 1) * 31 + token.charCodeAt(0) + token.length * 131) & 255;

/** A growing list of ids in chunks of a million: no copy of the whole as it grows (a hundred million at ten million rows). */
export class ChunkedIds {
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
