import { add, emptySet, remove, sizedFor, unionAllInto, type Bitset } from './bitset';
import type { NumberColumn } from './number-column';
import type { OrderedRows } from './ordered-rows';
import type { Sliced } from './slices';
import { parts, type Parts } from './parts';
import { RATING_FIELDS, type RatingField } from '../../../../types/api';
import type { ProfileFilters } from '../filters';
import type { ValueRange } from './sort-orders';

/**
 * One rating's rows in a range [gte, lte]. The rating's sort order (sort-orders.ts) holds
 * its rated rows ascending by value, in blocks: a range is one run of it, found by two
 * binary searches and marked row by row, and a change of rating moves a row within one
 * block (no copy of its own per rating: the order is the index). Each whole unit [k, k + 1)
 * also has a bitset, so a wide range ORs a few of those and walks the order only for its
 * two ends. Missing ratings are in no run (they fail both comparisons, as NULL does in SQL).
 */
export class RatingRanges {
  private units: Bitset[];

  /** `values()` is the rating of each row (NaN: missing). */
  constructor(
    private readonly values: () => NumberColumn,
    capacity: number,
  ) {
    this.units = Array.from({ length: UNITS }, () => emptySet(capacity));
  }

  resize(capacity: number): void {
    this.units = this.units.map((set) => sizedFor(set, capacity));
  }

  add(position: number): void {
    const value = this.values().get(position);
    if (value >= 0 && value < UNITS) add(this.units[Math.floor(value)], position);
  }

  /** Call before the value changes: the unit is found by it. */
  remove(position: number): void {
    const value = this.values().get(position);
    if (value >= 0 && value < UNITS) remove(this.units[Math.floor(value)], position);
  }

  /**
   * Sets in `out` the rows of `order` (this rating's rated rows, ascending) whose rating
   * lies in [gte, lte], as `plan` makes them: its units ORed, then its runs cleared and marked.
   */
  *marking(order: OrderedRows, gte: number, lte: number, out: Bitset): Sliced<void> {
    const { units, clearing, marking } = this.plan(order, gte, lte, out.length);
    yield* unionAllInto(out, units);
    for (const [before, within] of clearing) yield* order.marking(before, within, out, true);
    for (const [before, within] of marking) yield* order.marking(before, within, out);
  }

  /**
   * How the rows in [gte, lte] are made: the units [k, k + 1) it covers whole, then the run
   * below them and the run above them (or the one run, when it covers none), marked row by row.
   * A run that holds most of its unit is made the other way: the unit's set ORed with the whole
   * units, then the rest of the unit (outside the range) cleared — a run's rows are scattered bit
   * writes, a unit's set one sequential pass. `words`: the length of the set it will be made in.
   */
  private plan(order: OrderedRows, gte: number, lte: number, words: number): RangePlan {
    const { below, atMost } = this.bounds();
    const sequential = words / 8; // a unit's OR costs about as many scattered writes
    // the units [k, k + 1) within [gte, lte]
    const first = Math.max(0, Math.ceil(gte));
    const last = Math.min(UNITS - 1, Math.floor(lte) - 1);
    const units: Bitset[] = [];
    const clearing: Run[] = [];
    const marking: Run[] = [];
    if (first > last) {
      // one run within a unit, or across the edge of two: by its unit when it holds most of it
      const run: Run = [below(gte), atMost(lte)];
      const unit = Math.floor(gte);
      const direct = order.runLength(...run);
      if (direct === 0) return { units, clearing, marking };
      const rests: Run[] = [
        [below(unit), below(gte)],
        [atMost(lte), below(unit + 1)],
      ];
      const withinUnit = unit >= 0 && unit < UNITS && lte < unit + 1;
      const byUnit = withinUnit ? sequential + rests.reduce((sum, rest) => sum + order.runLength(...rest), 0) : Infinity;
      if (byUnit < direct) {
        units.push(this.units[unit]);
        clearing.push(...rests);
      } else marking.push(run);
      return { units, clearing, marking };
    }
    // each end: [gte, first) in unit first - 1, [last + 1, lte] in unit last + 1 — marked, or its unit less its other rows
    const ends: { unit: number; run: Run; rest: Run }[] = [
      { unit: first - 1, run: [below(gte), below(first)], rest: [below(first - 1), below(gte)] },
      { unit: last + 1, run: [below(last + 1), atMost(lte)], rest: [atMost(lte), below(last + 2)] },
    ];
    units.push(...this.units.slice(first, last + 1));
    for (const { unit, run, rest } of ends) {
      const direct = order.runLength(...run);
      if (direct === 0) continue;
      const byUnit = unit >= 0 && unit < UNITS ? sequential + order.runLength(...rest) : Infinity;
      if (byUnit < direct) {
        units.push(this.units[unit]);
        clearing.push(rest);
      } else marking.push(run);
    }
    return { units, clearing, marking };
  }

  /** How many rows of `order` (as in `marking`) have their rating in [gte, lte]: two binary searches, no set. */
  count(order: OrderedRows, gte: number, lte: number): number {
    const { below, atMost } = this.bounds();
    return order.runLength(below(gte), atMost(lte));
  }

  /** Whether a row's rating lies in [gte, lte] (a missing one: no), read from the column. */
  holds(gte: number, lte: number): (position: number) => boolean {
    const column = this.values();
    return (position) => {
      const value = column.get(position);
      return value >= gte && value <= lte;
    };
  }

  /** Tests of a row's rating against a bound, for binary searches of the rating's order. */
  private bounds() {
    const column = this.values();
    return {
      below: (bound: number) => (position: number) => column.get(position) < bound,
      atMost: (bound: number) => (position: number) => column.get(position) <= bound,
    };
  }

  bytes(): number {
    return this.units.reduce((sum, set) => sum + set.byteLength, 0);
  }

  /** For a snapshot: the units' sets. */
  toParts(): Parts {
    return parts(Object.fromEntries(this.units.map((set, unit) => [`unit${unit}`, set])));
  }

  /** The units of `toParts`, over the same values. */
  static fromParts(from: Parts, values: () => NumberColumn): RatingRanges {
    const ranges = new RatingRanges(values, 0);
    ranges.units = Array.from({ length: UNITS }, (_set, unit) => from.arrays[`unit${unit}`] as Bitset);
    return ranges;
  }
}

/**
 * The units [k, k + 1) with a set: 0 to 9, and 10 — a rating of exactly 10 (the annotator's top
 * mark, 2–9 % of the rows in the bench's data) is the upper end of every range that asks "at least",
 * a run of up to 900,000 rows at ten million marked row by row without its own set.
 */
const UNITS = 11;

/** A run of a rating's order: the rows before it, and the rows up to its end. */
type Run = [before: (position: number) => boolean, within: (position: number) => boolean];

/** A rating range as sets and runs (`RatingRanges.plan`): its rows are the units' union, less `clearing`, plus `marking`. */
interface RangePlan {
  /** whole units' sets (none: the range is its runs) */
  units: Bitset[];
  /** runs of rows the units bring that are outside the range */
  clearing: Run[];
  /** runs of rows in the range outside its units */
  marking: Run[];
}

/** The range `filters` ask of `field` when it is a rating (every matching row then has a rating within it). */
export function ratingRangeOf(filters: ProfileFilters, field: string): ValueRange | undefined {
  if (!(RATING_FIELDS as readonly string[]).includes(field)) return undefined;
  const rating = field as RatingField;
  const gte = filters[`${rating}__gte`];
  const lte = filters[`${rating}__lte`];
  return gte === undefined && lte === undefined ? undefined : { gte: gte ?? -Infinity, lte: lte ?? Infinity };
}

/**
 * A staff's list of one rating range is one run of that rating's order: counted by two binary
 * searches, and paged by testing each row's rating on the walk, no set made (a set is 1.25 MB at
 * ten million rows, and filling it took 10–30 ms). Unless it holds fewer than this fraction of
 * the rows: a walk would then test many rows a member, and its set's walk counts by block.
 */
export const rangeStrategy = { testFromFraction: 1 / 64 };

/** The one rating range of a staff's list that asks nothing else, if it is one. */
export function soleRatingRange(
  readable: number[] | null,
  filters: ProfileFilters,
  terms: string[],
): { field: RatingField; gte: number; lte: number } | undefined {
  if (readable !== null || terms.some(Boolean)) return undefined;
  if (filters.data_sources?.length || filters.nationalities?.length || filters.gender?.length) return undefined;
  const ranged = RATING_FIELDS.filter((field) => ratingRangeOf(filters, field));
  if (ranged.length !== 1) return undefined;
  const field = ranged[0];
  return { field, ...ratingRangeOf(filters, field)! };
}
