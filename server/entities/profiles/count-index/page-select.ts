import type { Bitset } from './bitset';
import type { NumberColumn } from './number-column';
import type { Sliced } from './slices';

/**
 * A page of a set's members along a numeric order, chosen in one pass over the set instead of a walk
 * of the order: the list's first `count` members kept in a heap (the one furthest down the list on
 * top), each member compared by its value and id. A walk crosses every row before the page, members
 * or not: a data source whose rows are the newest, asked oldest first, walked ten million rows
 * (17 ms); its 1,500 members are picked here in a pass over the set (0.3 ms). The sets picked this way
 * are small (sort-orders.ts, `pageStrategy`): each member costs a comparison with the heap's top.
 *
 * The list is PostgreSQL's: rows with a value by (value, id), then rows without one by id; descending,
 * each part reversed, the rows without a value first unless `nullsLast` (the ratings). `list` says
 * which part comes first and which way both go (a page near the end is the start of the reversed list).
 */
export function* selectingFirst(
  set: Bitset,
  values: NumberColumn,
  ids: Int32Array,
  list: { valuedFirst: boolean; descending: boolean },
  count: number,
): Sliced<number[]> {
  // a member's place in the list: its part (0 first), then its value and id, each negated when descending
  const missingGroup = list.valuedFirst ? 1 : 0;
  const sign = list.descending ? -1 : 1;
  const group = (position: number) => (Number.isNaN(values.get(position)) ? missingGroup : 1 - missingGroup);
  const before = (a: number, b: number): boolean => {
    const ga = group(a);
    const gb = group(b);
    if (ga !== gb) return ga < gb;
    const va = values.get(a);
    const vb = values.get(b);
    if (va !== vb && !Number.isNaN(va)) return sign * va < sign * vb;
    return sign * ids[a] < sign * ids[b];
  };
  return yield* selectingFirstWhere(set, count, () => true, before, list.descending);
}

/**
 * The first `count` members of `set` that `accepts`, in the order `before` (a strict order of
 * positions) says, in one pass over the set: a heap of `count`, the one furthest down on top.
 * `backwards`: the set read from its last position, for a list that positions mostly run against
 * (a newest-first list: rows take positions as they come) — most members then lose to the top at
 * once, where read the other way each would sink through the heap.
 */
export function* selectingFirstWhere(
  set: Bitset,
  count: number,
  accepts: (position: number) => boolean,
  before: (a: number, b: number) => boolean,
  backwards = false,
): Sliced<number[]> {
  const heap: number[] = [];
  const offer = (position: number) => {
    if (!accepts(position)) return;
    if (heap.length < count) push(heap, position, before);
    else if (before(position, heap[0])) replaceTop(heap, position, before);
  };
  for (let piece = 0; piece < set.length; piece += 1 << 14) {
    const end = Math.min(set.length, piece + (1 << 14));
    if (backwards) {
      for (let i = set.length - 1 - piece; i >= set.length - end; i--)
        for (let word = set[i]; word; word &= ~(1 << (31 - Math.clz32(word)))) offer((i << 5) + (31 - Math.clz32(word)));
    } else {
      for (let i = piece; i < end; i++) for (let word = set[i]; word; word &= word - 1) offer((i << 5) + (31 - Math.clz32(word & -word)));
    }
    yield;
  }
  return heap.sort((a, b) => (before(a, b) ? -1 : 1));
}

/** Adds to a heap whose top is the member furthest down the list. */
function push(heap: number[], position: number, before: (a: number, b: number) => boolean): void {
  let at = heap.push(position) - 1;
  while (at > 0) {
    const parent = (at - 1) >> 1;
    if (!before(heap[parent], position)) break;
    heap[at] = heap[parent];
    at = parent;
  }
  heap[at] = position;
}

/** Puts `position` in place of the top and sinks it to where it belongs. */
function replaceTop(heap: number[], position: number, before: (a: number, b: number) => boolean): void {
  let at = 0;
  for (;;) {
    let child = 2 * at + 1;
    if (child >= heap.length) break;
    if (child + 1 < heap.length && before(heap[child], heap[child + 1])) child++;
    if (!before(position, heap[child])) break;
    heap[at] = heap[child];
    at = child;
  }
  heap[at] = position;
}
