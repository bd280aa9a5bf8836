import type { Bitset } from './bitset';
import type { Members } from './page-walk';
import { BlockStore, OrderedRows } from './ordered-rows';
import { KeptBlockCounts } from './block-counts';
import type { NumberColumn } from './number-column';
import { whole, type Sliced } from './slices';
import { sortingByNumberInSlices } from './sort-in-slices';
import { selectingFirst } from './page-select';
import { parts, type Parts } from './parts';

/**
 * Every sortable field's order of the index's rows, as PostgreSQL sorts it:
 * rows with a value ascending by (value, id), then rows without one by id.
 * Numeric fields (ratings, timestamps in microseconds) are compared here;
 * the others (names: the database's collation decides) are loaded as the
 * database lists them and a changed row goes right after the row the
 * database puts before it. Pages are found by walking one order, or, for a
 * few matches, by sorting them.
 */

/**
 * A page of a set this small is sorted, not found by walking the order; along a numeric order, a page
 * of a set of up to `selectBelow` members that holds less than `selectSparserThan` of the rows is
 * picked in a pass over them (page-select.ts) when it lies within `selectDepth` of either end: about a
 * millisecond at most (a set's pass and a heap), where a walk crosses a thousand rows or more per
 * member (all of them when the members lie together far down the order: a data source's newest rows,
 * oldest first). A denser set is walked: its members are near (a walk that goes far counts them by
 * block), and a pass over all of them on every request costs more than such a walk. Tests change
 * them to try every way.
 */
export const pageStrategy = { sortBelow: 1_000, selectBelow: 16_384, selectSparserThan: 1 / 1024, selectDepth: 10_000 };

/** What the orders read of the index's rows (its arrays grow, so they are asked for each time). */
export interface OrderedRowsSource {
  ids(): Int32Array;
  /** the values of a numeric field by position (NaN: missing); undefined for a field the database orders */
  numbers(field: string): NumberColumn | undefined;
  positionOf(id: number): number | undefined;
}

/** Bounds every member of a set has on a numeric field (a rating range filter: no member without a value). */
export interface ValueRange {
  gte: number;
  lte: number;
}

/** A row to put back into the orders: its position and, for database-ordered fields, the id before it (null: first; undefined: no value). */
export interface PlacedRow {
  position: number;
  previous: Record<string, number | null | undefined>;
}

interface SortOrder {
  /** for orders the database decides (names): where each position is */
  store?: BlockStore;
  /** ascending by (value, id) */
  valued: OrderedRows;
  /** rows without a value, by id */
  missing: OrderedRows;
  /** missing values stay last when descending (the ratings), instead of coming first */
  nullsLast: boolean;
}

export class SortOrders {
  private readonly orders = new Map<string, SortOrder>();
  /** sets' members counted by block along a sequence, kept and corrected as rows move (block-counts.ts) */
  private readonly counted = new KeptBlockCounts();

  constructor(
    fields: string[],
    nullsLast: string[],
    capacity: number,
    private readonly rows: OrderedRowsSource,
  ) {
    for (const field of fields) {
      const store = rows.numbers(field) ? undefined : new BlockStore(capacity);
      this.orders.set(field, {
        store,
        valued: new OrderedRows(store),
        missing: new OrderedRows(store),
        nullsLast: nullsLast.includes(field),
      });
    }
  }

  /**
   * Puts these live positions (in id order) in every order: numeric fields
   * sorted here, the others as the database listed them (ids; ids of rows
   * not among these are left out).
   */
  *loading(
    live: Uint32Array,
    databaseOrders: Map<string, { valued: ArrayLike<number>; missing: ArrayLike<number> }>,
    isLive: (position: number) => boolean,
  ): Sliced<void> {
    this.counted.forget();
    const ids = this.rows.ids();
    for (const [field, order] of this.orders) {
      const values = this.rows.numbers(field);
      let valued: Uint32Array;
      let missing: Uint32Array;
      if (values) {
        [valued, missing] = yield* partitioning(live, (p) => !Number.isNaN(values.get(p)));
        valued = yield* sortingByNumberInSlices(valued, values, ids);
      } else {
        const listed = databaseOrders.get(field) ?? { valued: [], missing: [] };
        valued = yield* this.knownPositions(listed.valued, isLive);
        missing = yield* this.knownPositions(listed.missing, isLive);
      }
      order.valued = yield* OrderedRows.building(valued, order.store);
      order.missing = yield* OrderedRows.building(missing, order.store);
    }
  }

  /** The live positions of these ids, in their order (ids the index does not hold are left out). */
  private *knownPositions(list: ArrayLike<number>, isLive: (position: number) => boolean): Sliced<Uint32Array> {
    const positions = new Uint32Array(list.length);
    let count = 0;
    for (let i = 0; i < list.length; i++) {
      const position = this.rows.positionOf(list[i]);
      if (position !== undefined && isLive(position)) positions[count++] = position;
      if ((i & 0xffff) === 0xffff) yield;
    }
    return positions.subarray(0, count);
  }

  /** Takes a row out of every order; call while the numbers still hold its old values (numeric orders find it by them). */
  remove(position: number): void {
    for (const [field, order] of this.orders) {
      const values = this.rows.numbers(field);
      if (!values) {
        if (!order.valued.remove(position)) order.missing.remove(position);
        continue;
      }
      const { before, byId } = this.comparators(values);
      if (Number.isNaN(values.get(position))) order.missing.removeSorted(position, byId);
      else order.valued.removeSorted(position, before);
    }
  }

  /**
   * Puts removed rows back with their new values. Answers false when a
   * predecessor the database names is not in the order (the index no longer
   * matches the table: rebuild).
   */
  *placing(placed: PlacedRow[]): Sliced<boolean> {
    for (const [field, order] of this.orders) {
      const values = this.rows.numbers(field);
      if (values) {
        const { before, byId } = this.comparators(values);
        for (let i = 0; i < placed.length; i++) {
          const { position } = placed[i];
          if (Number.isNaN(values.get(position))) order.missing.insertSorted(position, byId);
          else order.valued.insertSorted(position, before);
          if ((i & 63) === 63) yield;
        }
      } else if (!(yield* this.placingAfterPredecessors(order, field, placed))) {
        return false;
      }
      yield;
    }
    return true;
  }

  /**
   * The positions of one page of `members` (`total` of them: a set's, or the rows a test accepts) sorted on `field`
   * (id as the tie-breaker, missing values as `applyOrdering` places them),
   * or undefined when there is no order for it. Past the middle it walks from the end.
   */
  *paging(
    members: Members,
    total: number,
    field: string,
    descending: boolean,
    offset: number,
    limit: number,
    within?: ValueRange,
  ): Sliced<number[] | undefined> {
    const order = this.orders.get(field);
    if (!order) return undefined;
    const wanted = Math.min(limit, total - offset);
    if (wanted <= 0) return [];
    // few members: sorting them costs less than walking the order to find them
    if (total <= pageStrategy.sortBelow && typeof members !== 'function')
      return this.sortedMembers(members, field, order, descending).slice(offset, offset + wanted);
    const values = this.rows.numbers(field);
    const rows = order.valued.size + order.missing.size;
    const sparse = total <= pageStrategy.selectBelow && total <= rows * pageStrategy.selectSparserThan;
    if (values && typeof members !== 'function' && sparse) {
      // the page from either end of the list, whichever is nearer
      const fromEnd = offset > total / 2;
      const count = fromEnd ? total - offset : offset + wanted;
      if (count <= pageStrategy.selectDepth) {
        const valuedFirst = !descending || order.nullsLast;
        const list = fromEnd ? { valuedFirst: !valuedFirst, descending: !descending } : { valuedFirst, descending };
        const first = yield* selectingFirst(members, values, this.rows.ids(), list, count);
        return fromEnd ? first.reverse().slice(0, wanted) : first.slice(offset);
      }
    }
    if (values && within) {
      // every member has a value in the range: one run of the valued rows holds them all, the walk crosses only it
      const { gte, lte } = within;
      const run = { before: (p: number) => values.get(p) < gte, within: (p: number) => values.get(p) <= lte };
      const fromEnd = offset > total / 2;
      const picked: number[] = [];
      const skip = fromEnd ? Math.max(0, total - offset - limit) : offset;
      yield* order.valued.collecting(members, fromEnd ? !descending : descending, skip, wanted, picked, total, run);
      return fromEnd ? picked.reverse() : picked;
    }
    // the list as sequences walked one way: ascending, values then missing; descending, missing first unless nullsLast
    const runs: [OrderedRows, boolean][] = !descending
      ? [
          [order.valued, false],
          [order.missing, false],
        ]
      : order.nullsLast
        ? [
            [order.valued, true],
            [order.missing, true],
          ]
        : [
            [order.missing, true],
            [order.valued, true],
          ];
    const fromEnd = offset > total / 2;
    let skip = fromEnd ? Math.max(0, total - offset - limit) : offset;
    const walk = fromEnd ? runs.map(([rows, down]) => [rows, !down] as [OrderedRows, boolean]).reverse() : runs;
    const picked: number[] = [];
    for (const [rows, down] of walk) {
      if (picked.length >= wanted) break;
      const locator = values && this.locator(rows, order, values);
      skip = yield* rows.collecting(members, down, skip, wanted, picked, total, undefined, locator, this.counted.of(rows));
    }
    return fromEnd ? picked.reverse() : picked;
  }

  resize(capacity: number): void {
    this.counted.forget();
    for (const order of this.orders.values()) order.store?.resize(capacity);
  }

  /** The rows of `field` that have a value, ascending by (value, id); undefined when it has no order. */
  valued(field: string): OrderedRows | undefined {
    return this.orders.get(field)?.valued;
  }

  bytes(): number {
    return Object.values(this.bytesByField()).reduce((sum, n) => sum + n, 0);
  }

  /** Memory held by each field's order (with its block store), in bytes. */
  bytesByField(): Record<string, number> {
    const fields: Record<string, number> = {};
    for (const [field, order] of this.orders) fields[field] = order.valued.bytes() + order.missing.bytes() + (order.store?.bytes() ?? 0);
    return fields;
  }

  /** The members of a (small) set in list order. */
  private sortedMembers(set: Bitset, field: string, order: SortOrder, descending: boolean): number[] {
    const valued: number[] = [];
    const missing: number[] = [];
    const values = this.rows.numbers(field);
    for (let i = 0; i < set.length; i++) {
      for (let word = set[i]; word; word &= word - 1) {
        const position = (i << 5) + (31 - Math.clz32(word & -word));
        if (values ? Number.isNaN(values.get(position)) : order.missing.has(position)) missing.push(position);
        else valued.push(position);
      }
    }
    const ids = this.rows.ids();
    missing.sort((a, b) => ids[a] - ids[b]); // positions are not in id order once rows arrive
    if (values) valued.sort((a, b) => values.get(a) - values.get(b) || ids[a] - ids[b]);
    else {
      const rank = new Map(valued.map((position) => [position, order.valued.rankOf(position)]));
      valued.sort((a, b) => rank.get(a)! - rank.get(b)!);
    }
    if (!descending) return [...valued, ...missing];
    valued.reverse();
    missing.reverse();
    return order.nullsLast ? [...valued, ...missing] : [...missing, ...valued];
  }

  private *placingAfterPredecessors(order: SortOrder, field: string, placed: PlacedRow[]): Sliced<boolean> {
    const ids = this.rows.ids();
    const byId = (a: number, b: number) => ids[a] < ids[b];
    // each row has one predecessor and one successor: follow the chains from rows placed already
    const next = new Map<number | null, number>();
    for (let i = 0; i < placed.length; i++) {
      if ((i & 63) === 63) yield;
      const { position, previous } = placed[i];
      const before = previous[field];
      if (before === undefined) order.missing.insertSorted(position, byId);
      else next.set(before, position);
    }
    const waiting = new Set(next.values());
    for (const [previous, first] of next) {
      if (!waiting.has(first)) continue; // placed with the chain before it
      const previousPosition = previous === null ? -1 : this.rows.positionOf(previous);
      if (previousPosition === undefined) return false;
      if (previousPosition >= 0 && waiting.has(previousPosition)) continue; // placed when its chain is
      if (previousPosition >= 0 && !order.valued.has(previousPosition)) return false;
      let after = previousPosition;
      for (let position: number | undefined = first; position !== undefined; position = next.get(ids[position])) {
        order.valued.insertAfter(after, position);
        waiting.delete(position);
        after = position;
        if ((waiting.size & 63) === 0) yield;
      }
    }
    return waiting.size === 0;
  }

  /** How a walk of a numeric order's sequence finds a member's block (it has no store): by (value, id), or by id (no value). */
  private locator(rows: OrderedRows, order: SortOrder, values: NumberColumn) {
    const ids = this.rows.ids();
    const id = (position: number) => ids[position];
    const value = (position: number) => values.get(position);
    return rows === order.valued
      ? rows.searchLocator(value, id, () => true)
      : rows.searchLocator(
          id,
          () => 0,
          (position) => Number.isNaN(values.get(position)),
        );
  }

  /** The orders of a numeric field: by (value, id), and by id (rows without a value). */
  private comparators(values: NumberColumn) {
    const ids = this.rows.ids();
    return {
      before: (a: number, b: number) => {
        const x = values.get(a);
        const y = values.get(b);
        return x < y || (x === y && ids[a] < ids[b]);
      },
      byId: (a: number, b: number) => ids[a] < ids[b],
    };
  }

  /** For a snapshot: each field's sequences (and its store), in the fields' order. */
  toParts(): Parts {
    return whole(this.partsSteps());
  }

  /** `toParts` in steps (each order's rows are copied: see OrderedRows). */
  *partsSteps(): Sliced<Parts> {
    const fields: Record<string, Parts> = {};
    for (const [field, order] of this.orders) {
      const children: Record<string, Parts> = { valued: yield* order.valued.partsSteps(), missing: yield* order.missing.partsSteps() };
      if (order.store) children.store = order.store.toParts();
      fields[field] = parts({}, { nullsLast: order.nullsLast }, children);
    }
    return parts({}, {}, fields);
  }

  static fromParts(from: Parts, rows: OrderedRowsSource): SortOrders {
    const orders = new SortOrders([], [], 0, rows);
    for (const [field, saved] of Object.entries(from.children)) {
      const store = saved.children.store && BlockStore.fromParts(saved.children.store);
      const valued = OrderedRows.fromParts(saved.children.valued, store);
      const missing = OrderedRows.fromParts(saved.children.missing, store);
      store?.settle();
      orders.orders.set(field, { store, valued, missing, nullsLast: saved.values.nullsLast === true });
    }
    return orders;
  }
}

/** The positions `test` accepts and those it does not, each in their order. */
function* partitioning(positions: Uint32Array, test: (position: number) => boolean): Sliced<[Uint32Array, Uint32Array]> {
  const yes = new Uint32Array(positions.length);
  const no = new Uint32Array(positions.length);
  let y = 0;
  let n = 0;
  for (let i = 0; i < positions.length; i++) {
    if (test(positions[i])) yes[y++] = positions[i];
    else no[n++] = positions[i];
    if ((i & 0xffff) === 0xffff) yield;
  }
  return [yes.subarray(0, y), no.subarray(0, n)];
}
