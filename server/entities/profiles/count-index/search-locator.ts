import type { Block } from './block-store';
import { walkStrategy, type BlockLocator } from './page-walk';
import { selectingFirstWhere } from './page-select';

/**
 * Where a position lies in a sequence of `blocks` without a store (a numeric order's: ordered-rows.ts),
 * by a binary search of its blocks' last rows, the sequence ascending by (`key`, `tie`): their keys are
 * copied once into arrays (a walk's locator may be asked for hundreds of thousands of members); and a
 * shallow page picked past the blocks a walk has crossed. `holds`: whether a live position is in this
 * sequence (a NaN key is in none).
 */
export function searchLocator(
  blocks: Block[],
  key: (position: number) => number,
  tie: (position: number) => number,
  holds: (position: number) => boolean,
): BlockLocator {
  let lastKeys: Float64Array | undefined;
  let lastTies: Float64Array | undefined;
  // made at the first member asked (most walks never count by block)
  const lasts = (): [Float64Array, Float64Array] => {
    if (!lastKeys || !lastTies) {
      lastKeys = new Float64Array(blocks.length);
      lastTies = new Float64Array(blocks.length);
      for (let b = 0; b < blocks.length; b++) {
        const last = blocks[b].rows[blocks[b].length - 1];
        lastKeys[b] = key(last);
        lastTies[b] = tie(last);
      }
    }
    return [lastKeys, lastTies];
  };
  return {
    *picking(set, walked, descending, count) {
      if (walked >= blocks.length) return [];
      // the block whose last row bounds the rows left: ascending, those after it (−1: all); descending, it and those before
      const bound = descending ? blocks.length - 1 - walked : walked - 1;
      const last = bound < 0 ? -1 : blocks[bound].rows[blocks[bound].length - 1];
      const lastKey = bound < 0 ? Number.NaN : key(last);
      const lastTie = bound < 0 ? Number.NaN : tie(last);
      const left = (position: number, k: number): boolean =>
        bound < 0 || (k > lastKey || (k === lastKey && tie(position) > lastTie)) !== descending;
      const sign = descending ? -1 : 1;
      const before = (a: number, b: number): boolean => {
        const ka = key(a);
        const kb = key(b);
        return ka !== kb ? sign * ka < sign * kb : sign * tie(a) < sign * tie(b);
      };
      const accepts = (position: number): boolean => {
        const k = key(position);
        return !Number.isNaN(k) && holds(position) && left(position, k);
      };
      return yield* selectingFirstWhere(set, count, accepts, before, descending);
    },
    blockOf: (position) => {
      const k = key(position);
      if (Number.isNaN(k) || !holds(position)) return undefined;
      const [keys, ties] = lasts();
      const t = tie(position);
      let low = 0;
      let high = keys.length;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if (keys[middle] < k || (keys[middle] === k && ties[middle] < t)) low = middle + 1;
        else high = middle;
      }
      return blocks[low];
    },
    countsAfter: () => ({ rows: walkStrategy.searchedAfterRows, rowsPerMember: walkStrategy.rowsPerSearchedMember }),
  };
}
