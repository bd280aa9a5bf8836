import type { Bitset } from './bitset';
import type { BlockCounts } from './page-walk';
import type { OrderedRows } from './ordered-rows';
import { setIssue } from './set-pool';

/**
 * Sets' members counted by block of a sequence (page-walk.ts), kept for the next walk of the same
 * set along the same sequence: a search of a last name sorted by last name counts its 110,000 members
 * by block on every page at ten million rows (a random read of the block store each, 15–20 ms on a
 * slow machine), where a kept count makes the walk go straight to the page's blocks.
 *
 * Kept while nothing changes: a set changes in place only when the index applies a change, and that
 * takes every changed row out of every order and puts it back (`forget`, from the orders); a set the
 * pool hands out again (set-pool.ts) is another set under the same object, told by its issue.
 * A count is 4 bytes a block of the sequence (42 KB at ten million rows), gone with its set.
 */
export class KeptBlockCounts {
  private kept = new WeakMap<OrderedRows, WeakMap<Bitset, { issue: number; counts: Uint32Array }>>();
  /** whether any count was kept since the last `forget` (a change calls it once a row) */
  private holding = false;

  /** The counts kept along `sequence`. */
  of(sequence: OrderedRows): BlockCounts {
    let bySet = this.kept.get(sequence);
    if (!bySet) {
      bySet = new WeakMap();
      this.kept.set(sequence, bySet);
    }
    const sets = bySet;
    return {
      get: (set) => {
        const found = sets.get(set);
        return found && found.issue === setIssue(set) ? found.counts : undefined;
      },
      put: (set, counts) => {
        sets.set(set, { issue: setIssue(set), counts });
        this.holding = true;
      },
    };
  }

  /** An order or a set changed: no count kept holds. */
  forget(): void {
    if (!this.holding) return;
    this.kept = new WeakMap();
    this.holding = false;
  }
}
