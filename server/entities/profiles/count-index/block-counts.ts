import type { Bitset } from './bitset';
import type { Block } from './block-store';
import type { BlockCounts } from './page-walk';
import { setIssue } from './set-pool';

/** Edits of a sequence kept (past them, every kept count along it is dropped). */
const EDITS_KEPT = 4096;

/**
 * Edits past which a kept count is dropped rather than corrected when next asked for: correcting
 * it reads up to 1,024 rows a block touched, in one go (~1 ms for 256 blocks at ten million rows on
 * a slow machine), where counting anew is a pass of its own that pauses. 10 rating writes a second
 * touch 20 blocks of each sequence a second; a retrieval's commit of 500 profiles, 1,000.
 */
const EDITS_CORRECTED = 256;

/**
 * What changed in a sequence's blocks since kept counts were made: the blocks a row left or entered
 * (in order, repeats and all), and its layout, which changes when blocks split or go (the counts
 * are by block index) and when more edits came than are kept.
 */
export class SequenceEdits {
  layout = 0;
  touched: Block[] = [];

  /** A row left or entered the block. */
  touch(block: Block): void {
    if (this.touched.length === EDITS_KEPT) this.relayout();
    else this.touched.push(block);
  }

  /** The blocks were renumbered (or too much changed): no count made before holds. */
  relayout(): void {
    this.layout++;
    this.touched = [];
  }
}

/** A sequence of blocks (ordered-rows.ts), as far as its kept counts need it. */
interface Sequence {
  readonly edits: SequenceEdits;
}

interface Kept {
  issue: number;
  counts: Uint32Array;
  layout: number;
  /** how many of the sequence's edits the counts include */
  edits: number;
}

/**
 * Sets' members counted by block of a sequence (page-walk.ts), kept for the next walk of the same
 * set along the same sequence: a search of a last name sorted by last name counts its 110,000 members
 * by block on every page at ten million rows (a random read of the block store each, 15–20 ms on a
 * slow machine), where a kept count makes the walk go straight to the page's blocks.
 *
 * Kept across changes: a set changes in place only when the index applies a change, and that takes
 * every changed row out of every order and puts it back, so the blocks whose count may have changed
 * are those a row left or entered (`SequenceEdits`): counted again, a block of at most 1,024 rows
 * each, when the counts are next asked for. Dropped when blocks split or go (a new numbering) and
 * when a set the pool hands out again (set-pool.ts) is another set under the same object, told by
 * its issue. A count is 4 bytes a block of the sequence (42 KB at ten million rows), gone with its set.
 */
export class KeptBlockCounts {
  private kept = new WeakMap<Sequence, WeakMap<Bitset, Kept>>();
  /** whether any count was kept since the last `forget` */
  private holding = false;

  /** The counts kept along `sequence`. */
  of(sequence: Sequence): BlockCounts {
    let bySet = this.kept.get(sequence);
    if (!bySet) {
      bySet = new WeakMap();
      this.kept.set(sequence, bySet);
    }
    const sets = bySet;
    const { edits } = sequence;
    return {
      get: (set) => {
        const found = sets.get(set);
        if (!found || found.issue !== setIssue(set) || found.layout !== edits.layout) return undefined;
        if (edits.touched.length - found.edits > EDITS_CORRECTED) {
          sets.delete(set);
          return undefined;
        }
        if (found.edits < edits.touched.length) {
          recount(found.counts, set, edits.touched, found.edits);
          found.edits = edits.touched.length;
        }
        return found.counts;
      },
      put: (set, counts) => {
        sets.set(set, { issue: setIssue(set), counts, layout: edits.layout, edits: edits.touched.length });
        this.holding = true;
      },
    };
  }

  /** The orders were loaded anew or resized: no count kept holds. */
  forget(): void {
    if (!this.holding) return;
    this.kept = new WeakMap();
    this.holding = false;
  }
}

/** The counts of the blocks touched from `from` on, made again from their rows. */
function recount(counts: Uint32Array, set: Bitset, touched: Block[], from: number): void {
  const done = new Set<Block>();
  for (let t = from; t < touched.length; t++) {
    const block = touched[t];
    if (done.has(block)) continue;
    done.add(block);
    let members = 0;
    for (let k = 0; k < block.length; k++) {
      const row = block.rows[k];
      if (set[row >>> 5] & (1 << (row & 31))) members++;
    }
    counts[block.index] = members;
  }
}
