import { type AddedTokens, sortedAddedTokens } from './added-tokens';
import { add, emptySet, resized, type Bitset } from './bitset';
import { parts, type Parts } from './parts';
import { runNow, type Steps } from './steps';
import { GrowingVocabulary } from './recent-vocabulary';
import { tokensOf } from './token-bytes';
import { grown } from './typed-arrays';

/** the new tokens a changed row brings, about (its e-mail address, a name, a number), to size the table of tokens */
const TOKENS_PER_ROW = 4;
/** an entry of a row that changed again: skipped, and dropped when its token's rows move */
const DEAD = 0xffffffff;

/**
 * The documents of rows changed since a token base was made: which rows
 * changed (`stale`: their entries in the layers below no longer count) and
 * the tokens of their new documents, in a small vocabulary that only grows,
 * searched by a scan (it holds at most a few per cent of the rows).
 *
 * Everything is kept in typed arrays, not in maps and sets of numbers: at ten
 * million rows a layer holds 200,000 changed rows before it is merged, three
 * million (row, token) pairs, and as JavaScript objects they made the heap
 * 270 MB larger, each full collection walking them for 126–144 ms
 * (bench/recent-layer.ts, docs/PERFORMANCE.md). Each token's rows lie side by side in `arena` (a
 * lookup reads them in one run), in room that doubles as they come; each
 * changed row notes its tokens and where its entry is in each, so that when
 * it changes again those entries are marked dead. Dead entries are dropped
 * when their token's rows move to more room.
 */
export class RecentTokens {
  stale: Bitset;
  /** whether a row changed here (`stale` only grows): a layer that did not is skipped by lookups */
  private touched = false;
  private vocabulary = new GrowingVocabulary();
  /** token t's rows: arena[at[t], at[t] + filled[t]), in room for room[t] */
  private arena = new Uint32Array(8192);
  private arenaUsed = 0;
  /** the room all tokens hold now (the rest of arenaUsed is room they left) */
  private arenaHeld = 0;
  private at = new Uint32Array(1024);
  private filled = new Uint32Array(1024);
  private room = new Uint32Array(1024);
  /** each changed row's tokens, and its entry's index among each token's rows */
  private noteTokens = new Uint32Array(4096);
  private noteIndexes = new Uint32Array(4096);
  private notes = 0;
  private liveNotes = 0;
  /** open addressing by row: row + 1 (0: free), with the row's notes [rowFirst, rowFirst + rowNotes) (-1: gone) */
  private rowKeys = new Uint32Array(1024);
  private rowFirst = new Uint32Array(1024);
  private rowNotes = new Int32Array(1024);
  private rowsHeld = 0;
  private documents = 0;

  /**
   * `expectedRows`: about how many rows change before the layer is merged. Its
   * tables of rows and of tokens are made that big at once: growing one means
   * placing every entry again, 14–23 ms of a change at ten million rows.
   */
  constructor(capacity: number, expectedRows = 0) {
    this.stale = emptySet(capacity);
    if (expectedRows > 0) {
      this.rehashRows(slotsFor(expectedRows));
      this.vocabulary = new GrowingVocabulary(TOKENS_PER_ROW * expectedRows);
    }
  }

  /** How many rows changed here (with a document now). */
  get changedRows(): number {
    return this.documents;
  }

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
    const slot = this.rowSlot(row);
    if (this.rowKeys[slot] !== 0 && this.rowNotes[slot] >= 0) {
      for (let k = this.rowFirst[slot]; k < this.rowFirst[slot] + this.rowNotes[slot]; k++)
        this.arena[this.at[this.noteTokens[k]] + this.noteIndexes[k]] = DEAD;
      this.liveNotes -= this.rowNotes[slot];
      this.documents--;
    }
    if (this.rowKeys[slot] === 0) {
      this.rowKeys[slot] = row + 1;
      this.rowsHeld++;
    }
    this.rowNotes[slot] = -1;
    if (document === undefined) return;
    const tokens = [...new Set(tokensOf(document))];
    if (this.notes + tokens.length > this.noteTokens.length) this.makeRoomForNotes(tokens.length);
    this.rowFirst[slot] = this.notes;
    for (const token of tokens) {
      const t = this.vocabulary.id(Buffer.from(token));
      if (t === this.at.length) this.growTokenArrays(2 * this.at.length);
      this.noteTokens[this.notes] = t;
      this.noteIndexes[this.notes++] = this.append(t, row);
    }
    this.rowNotes[slot] = tokens.length;
    this.liveNotes += tokens.length;
    this.documents++;
    if (4 * this.rowsHeld > 3 * this.rowKeys.length) this.rehashRows(2 * this.rowKeys.length);
  }

  addRowsContaining(pattern: Buffer, found: Bitset): void {
    this.vocabulary.eachHolding(pattern, (t) => {
      for (let i = this.at[t]; i < this.at[t] + this.filled[t]; i++) if (this.arena[i] !== DEAD) add(found, this.arena[i]);
    });
  }

  /** The tokens that hold a row now, sorted, with their rows (added-tokens.ts). */
  *added(): Steps<AddedTokens> {
    const { rowStarts, rows } = yield* this.byToken();
    const { vocabulary, starts } = this.vocabulary.toArrays();
    const bounds = new Uint32Array(starts.length + 1);
    bounds.set(starts);
    bounds[starts.length] = vocabulary.length;
    return yield* sortedAddedTokens({ vocabulary, starts: bounds, rowStarts, rows });
  }

  bytes(): number {
    const arrays = [
      this.stale,
      this.arena,
      this.at,
      this.filled,
      this.room,
      this.noteTokens,
      this.noteIndexes,
      this.rowKeys,
      this.rowFirst,
      this.rowNotes,
    ];
    return arrays.reduce((sum, a) => sum + a.byteLength, this.vocabulary.byteLength());
  }

  toParts(): Parts {
    return runNow(this.partsSteps());
  }

  /** `toParts` in steps (50 ms at once for a full layer at ten million rows). */
  *partsSteps(): Steps<Parts> {
    const { rowStarts, rows } = yield* this.byToken();
    // rows changed to an empty document hold no token but changed all the same
    const changed = new Uint32Array(this.documents);
    for (let slot = 0, n = 0; slot < this.rowKeys.length; slot++) {
      if (this.rowKeys[slot] !== 0 && this.rowNotes[slot] >= 0) changed[n++] = this.rowKeys[slot] - 1;
      if ((slot & 0xffff) === 0xffff) yield;
    }
    return parts({
      stale: this.stale.slice(), // changed in place (1.3 MB at ten million rows): a snapshot's own copy
      ...this.vocabulary.toArrays(),
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
    recent.vocabulary = GrowingVocabulary.fromArrays(vocabulary as Uint8Array, starts as Uint32Array);
    recent.growTokenArrays(Math.max(1024, 2 * starts.length));
    // each token's rows as they are; each changed row's notes side by side: counted first, then placed
    recent.arena = new Uint32Array(Math.max(8192, 2 * rows.length));
    recent.arena.set(rows);
    recent.arenaUsed = recent.arenaHeld = rows.length;
    recent.at.set(rowStarts.subarray(0, starts.length));
    for (let t = 0; t < starts.length; t++) recent.filled[t] = recent.room[t] = rowStarts[t + 1] - rowStarts[t];
    recent.rehashRows(slotsFor(changed.length));
    for (const row of changed) {
      const slot = recent.rowSlot(row);
      recent.rowKeys[slot] = row + 1;
      recent.rowNotes[slot] = 0;
      recent.rowsHeld++;
      recent.documents++;
    }
    for (const row of rows) recent.rowNotes[recent.rowSlot(row)]++;
    for (let slot = 0, next = 0; slot < recent.rowKeys.length; slot++) {
      recent.rowFirst[slot] = next;
      next += recent.rowNotes[slot];
    }
    recent.noteTokens = new Uint32Array(Math.max(4096, rows.length));
    recent.noteIndexes = new Uint32Array(recent.noteTokens.length);
    const placed = new Uint32Array(recent.rowKeys.length);
    for (let t = 0; t < starts.length; t++) {
      for (let k = rowStarts[t]; k < rowStarts[t + 1]; k++) {
        const slot = recent.rowSlot(rows[k]);
        const note = recent.rowFirst[slot] + placed[slot]++;
        recent.noteTokens[note] = t;
        recent.noteIndexes[note] = k - rowStarts[t];
      }
    }
    recent.notes = recent.liveNotes = rows.length;
    return recent;
  }

  /** The live rows grouped by token: token t's rows are rows[rowStarts[t], rowStarts[t + 1]). */
  private *byToken(): Steps<{ rowStarts: Uint32Array; rows: Uint32Array }> {
    const rowStarts = new Uint32Array(this.vocabulary.size + 1);
    const rows = new Uint32Array(this.liveNotes);
    let n = 0;
    let work = 0; // entries read since the last pause
    for (let t = 0; t < this.vocabulary.size; t++) {
      for (let i = this.at[t]; i < this.at[t] + this.filled[t]; i++) if (this.arena[i] !== DEAD) rows[n++] = this.arena[i];
      rowStarts[t + 1] = n;
      work += this.filled[t] + 16;
      if (work > 0x10000) {
        work = 0;
        yield;
      }
    }
    return { rowStarts, rows };
  }

  /** Puts `row` among token t's rows; answers its index there. */
  private append(t: number, row: number): number {
    if (this.filled[t] === this.room[t]) this.moveToMoreRoom(t);
    this.arena[this.at[t] + this.filled[t]] = row;
    return this.filled[t]++;
  }

  /**
   * Token t's rows moved to room for twice as many at the arena's end. Its dead
   * entries are dropped once they are a quarter of them (the rows moved are
   * then told their new place: a lookup each); fewer, they move as they are,
   * which tells no row anything (a broad token holds 200,000 rows at ten
   * million).
   */
  private moveToMoreRoom(t: number): void {
    let live = 0;
    for (let i = this.at[t]; i < this.at[t] + this.filled[t]; i++) if (this.arena[i] !== DEAD) live++;
    const drop = 4 * (this.filled[t] - live) >= this.filled[t];
    const room = Math.max(2, 2 * (drop ? live : this.filled[t]));
    this.makeRoomInArena(room);
    const from = this.at[t];
    const to = this.arenaUsed;
    let kept = 0;
    for (let i = 0; i < this.filled[t]; i++) {
      const row = this.arena[from + i];
      if (row === DEAD && drop) continue;
      this.arena[to + kept] = row;
      if (kept !== i) this.renote(row, t, kept);
      kept++;
    }
    this.arenaUsed += room;
    this.arenaHeld += room - this.room[t];
    this.at[t] = to;
    this.filled[t] = kept;
    this.room[t] = room;
  }

  /**
   * Room for `more` at the arena's end. Mostly room left behind (rows changed
   * again and again): the tokens' rows packed together, a loop over every
   * token. Else a larger arena, the old one copied as it is: one native copy
   * of a few milliseconds at ten million rows, where that loop took 27.
   */
  private makeRoomInArena(more: number): void {
    if (this.arenaUsed + more <= this.arena.length) return;
    if (4 * (this.arenaHeld + more) > this.arena.length) {
      const arena = new Uint32Array(Math.max(2 * this.arena.length, this.arenaUsed + more));
      arena.set(this.arena.subarray(0, this.arenaUsed));
      this.arena = arena;
      return;
    }
    const arena = new Uint32Array(this.arena.length);
    let used = 0;
    // plain loops, no view per token
    for (let t = 0; t < this.vocabulary.size; t++) {
      for (let i = 0; i < this.filled[t]; i++) arena[used + i] = this.arena[this.at[t] + i];
      this.at[t] = used;
      used += this.room[t];
    }
    this.arena = arena;
    this.arenaUsed = used;
  }

  /** The row's note for token t now says its entry is at `index`. */
  private renote(row: number, t: number, index: number): void {
    const slot = this.rowSlot(row);
    for (let k = this.rowFirst[slot]; k < this.rowFirst[slot] + this.rowNotes[slot]; k++)
      if (this.noteTokens[k] === t) this.noteIndexes[k] = index;
  }

  /** Room for `more` notes: those of rows changed again packed away when they are as many as the live ones, else larger arrays. */
  private makeRoomForNotes(more: number): void {
    if (this.notes - this.liveNotes <= this.liveNotes + 4096) {
      // as they are, in larger arrays: a native copy each
      const length = Math.max(2 * this.noteTokens.length, this.notes + more);
      this.noteTokens = grown(this.noteTokens, length);
      this.noteIndexes = grown(this.noteIndexes, length);
      return;
    }
    const length = Math.max(this.noteTokens.length, this.liveNotes + more);
    const tokens = new Uint32Array(length);
    const indexes = new Uint32Array(length);
    let at = 0;
    for (let slot = 0; slot < this.rowKeys.length; slot++) {
      if (this.rowKeys[slot] === 0 || this.rowNotes[slot] <= 0) continue;
      const first = this.rowFirst[slot];
      this.rowFirst[slot] = at;
      for (let k = first; k < first + this.rowNotes[slot]; k++, at++) {
        tokens[at] = this.noteTokens[k];
        indexes[at] = this.noteIndexes[k];
      }
    }
    this.noteTokens = tokens;
    this.noteIndexes = indexes;
    this.notes = at;
  }

  /** The row's slot: where it is, or the free slot it would take. */
  private rowSlot(row: number): number {
    const mask = this.rowKeys.length - 1;
    let slot = Math.imul(row, 0x9e3779b1) >>> 0;
    for (slot &= mask; this.rowKeys[slot] !== 0 && this.rowKeys[slot] !== row + 1; slot = (slot + 1) & mask);
    return slot;
  }

  private rehashRows(length: number): void {
    const { rowKeys, rowFirst, rowNotes } = this;
    this.rowKeys = new Uint32Array(length);
    this.rowFirst = new Uint32Array(length);
    this.rowNotes = new Int32Array(length);
    for (let old = 0; old < rowKeys.length; old++) {
      if (rowKeys[old] === 0) continue;
      const slot = this.rowSlot(rowKeys[old] - 1);
      this.rowKeys[slot] = rowKeys[old];
      this.rowFirst[slot] = rowFirst[old];
      this.rowNotes[slot] = rowNotes[old];
    }
  }

  private growTokenArrays(length: number): void {
    this.at = grown(this.at, length);
    this.filled = grown(this.filled, length);
    this.room = grown(this.room, length);
  }
}

/** A power of two with room for `n` keys at most half full. */
function slotsFor(n: number): number {
  return 2 ** Math.max(10, Math.ceil(Math.log2(2 * n + 1)));
}
