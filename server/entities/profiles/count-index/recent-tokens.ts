import { add, emptySet, resized, type Bitset } from './bitset';
import { parts, type Parts } from './parts';
import type { Steps } from './steps';
import { lastStartAtOrBefore, tokensOf } from './token-bytes';

/**
 * The documents of rows changed since a token base was made: which rows
 * changed (`stale`: their entries in the layers below no longer count) and
 * the tokens of their new documents, in a small vocabulary that only grows,
 * searched by a scan (it holds at most a few per cent of the rows).
 */
export class RecentTokens {
  stale: Bitset;
  private readonly ids = new Map<string, number>();
  private rows: Set<number>[] = [];
  private vocabulary = Buffer.alloc(4096);
  private used = 1;
  private readonly starts: number[] = [];
  /** the tokens of each changed row */
  private readonly tokensOfRow = new Map<number, number[]>();

  constructor(capacity: number) {
    this.stale = emptySet(capacity);
    this.vocabulary[0] = 0x0a;
  }

  /** How many rows changed here (with a document now). */
  get changedRows(): number {
    return this.tokensOfRow.size;
  }

  /** whether a row changed here (`stale` only grows): a layer that did not is skipped by lookups */
  private touched = false;

  get empty(): boolean {
    return !this.touched;
  }

  grow(capacity: number): void {
    this.stale = resized(this.stale, capacity);
  }

  /** The row's document is now `document` (undefined: the row is gone). */
  set(row: number, document: string | undefined): void {
    add(this.stale, row);
    this.touched = true;
    for (const t of this.tokensOfRow.get(row) ?? []) this.rows[t].delete(row);
    this.tokensOfRow.delete(row);
    if (document === undefined) return;
    const ids = [...new Set(tokensOf(document))].map((token) => this.id(token));
    for (const t of ids) this.rows[t].add(row);
    this.tokensOfRow.set(row, ids);
  }

  addRowsContaining(pattern: Buffer, found: Bitset): void {
    const vocabulary = this.vocabulary.subarray(0, this.used);
    for (let from = 0; ; ) {
      const at = vocabulary.indexOf(pattern, from);
      if (at === -1) break;
      const t = lastStartAtOrBefore(this.starts, 0, this.starts.length, at);
      for (const row of this.rows[t]) add(found, row);
      from = t + 1 < this.starts.length ? this.starts[t + 1] : this.used;
    }
  }

  /** Each token with the rows that hold it now. */
  *added(): Steps<Map<string, Set<number>>> {
    const added = new Map<string, Set<number>>();
    for (const [token, t] of this.ids) {
      if (this.rows[t].size) added.set(token, this.rows[t]);
      if ((t & 4095) === 4095) yield; // a few hundred thousand tokens at ten million rows
    }
    return added;
  }

  bytes(): number {
    return this.stale.byteLength + this.vocabulary.byteLength + this.tokensOfRow.size * 64;
  }

  toParts(): Parts {
    const rowStarts = new Uint32Array(this.rows.length + 1);
    for (let t = 0; t < this.rows.length; t++) rowStarts[t + 1] = rowStarts[t] + this.rows[t].size;
    const rows = new Uint32Array(rowStarts[this.rows.length]);
    for (let t = 0; t < this.rows.length; t++) rows.set([...this.rows[t]], rowStarts[t]);
    // rows changed to an empty document hold no token but changed all the same
    const changed = Uint32Array.from(this.tokensOfRow.keys());
    return parts({
      stale: this.stale,
      vocabulary: this.vocabulary.subarray(0, this.used),
      starts: Uint32Array.from(this.starts),
      rowStarts,
      rows,
      changed,
    });
  }

  static fromParts(from: Parts): RecentTokens {
    const { stale, vocabulary, starts, rowStarts, rows, changed } = from.arrays;
    const recent = new RecentTokens(0);
    recent.stale = stale.slice() as Bitset;
    recent.touched = recent.stale.some((word) => word !== 0);
    recent.vocabulary = Buffer.alloc(Math.max(4096, 2 * vocabulary.length));
    recent.vocabulary.set(vocabulary);
    recent.used = vocabulary.length;
    for (const row of changed) recent.tokensOfRow.set(row, []);
    for (let t = 0; t < starts.length; t++) {
      recent.starts.push(starts[t]);
      const end = t + 1 < starts.length ? starts[t + 1] - 1 : vocabulary.length - 1;
      recent.ids.set(recent.vocabulary.toString('utf8', starts[t], end), t);
      const members = new Set<number>();
      for (let k = rowStarts[t]; k < rowStarts[t + 1]; k++) {
        members.add(rows[k]);
        recent.tokensOfRow.get(rows[k])!.push(t);
      }
      recent.rows.push(members);
    }
    return recent;
  }

  private id(token: string): number {
    let t = this.ids.get(token);
    if (t !== undefined) return t;
    const bytes = Buffer.from(token);
    if (this.used + bytes.length + 1 > this.vocabulary.length) {
      const grown = Buffer.alloc(2 * (this.used + bytes.length + 1));
      this.vocabulary.copy(grown, 0, 0, this.used);
      this.vocabulary = grown;
    }
    t = this.starts.length;
    this.starts.push(this.used);
    bytes.copy(this.vocabulary, this.used);
    this.used += bytes.length;
    this.vocabulary[this.used++] = 0x0a;
    this.ids.set(token, t);
    this.rows.push(new Set());
    return t;
  }
}
