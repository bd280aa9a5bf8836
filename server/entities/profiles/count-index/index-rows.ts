import { RATING_FIELDS, type RatingField } from '../../../../types/api';
import { add, emptySet, has, remove, size, sizedFor, type Bitset } from './bitset';
import type { RowTest } from './remembered-sets';
import { NumberColumn } from './number-column';
import { RatingRanges } from './rating-ranges';
import { PositionById } from './positions';
import { MemberSets } from './set-builder';
import { copiedInSlices, whole, type Sliced } from './slices';
import { inPlaceParts, parts, type Parts } from './parts';

/** Sort fields compared here, exactly: numbers (ratings) and timestamps in microseconds. */
export const NUMERIC_SORTS = [...RATING_FIELDS, 'created_at', 'updated_at'] as const;
export type NumericSort = (typeof NUMERIC_SORTS)[number];
export const isNumericSort = (field: string): field is NumericSort => (NUMERIC_SORTS as readonly string[]).includes(field);

/** What the index holds of one profile. */
export interface IndexedProfile {
  id: number;
  data_source_ids: number[];
  nationality_codes: string[];
  gender_value: string | null;
  /** the numeric sort fields; null when missing (microseconds since 1970 for timestamps) */
  numbers: Record<NumericSort, number | null>;
}

/** How much the rows grow when one does not fit (a copy of every per-row array, in slices, within a catch-up). */
export const GROWTH = 1.25;

/**
 * What the profile index holds of each row, by position: its id, whether it is live, the
 * sets it is in (sources, nationalities, gender, its ratings' units) and its numeric sort
 * fields (ratings coded: a byte a row; timestamps as they are). Positions are handed out
 * as rows arrive, never reused for another id; a deleted row's position is dead.
 */
export class IndexRows {
  capacity: number;
  used = 0;
  ids: Int32Array;
  positions = new PositionById();
  live: Bitset;
  members: MemberSets;
  numbers: Record<NumericSort, NumberColumn>;
  /** each rating's units as bitsets; the rest of a range is read from the rating's order */
  ratings: Record<RatingField, RatingRanges>;

  constructor(capacity: number) {
    this.capacity = Math.max(64, capacity);
    this.ids = new Int32Array(this.capacity);
    this.live = emptySet(this.capacity);
    this.members = new MemberSets(this.capacity);
    const rated = (field: string) => (RATING_FIELDS as readonly string[]).includes(field);
    this.numbers = Object.fromEntries(NUMERIC_SORTS.map((field) => [field, new NumberColumn(this.capacity, rated(field))])) as Record<
      NumericSort,
      NumberColumn
    >;
    this.ratings = Object.fromEntries(
      RATING_FIELDS.map((field) => [field, new RatingRanges(() => this.numbers[field], this.capacity)]),
    ) as Record<RatingField, RatingRanges>;
  }

  /**
   * How many rows are live: counted once, then followed as rows come and go (a count is a pass over
   * 1.25 MB at ten million rows; under steady writes every catch-up would pay it).
   */
  get count(): number {
    this.counted ??= size(this.live);
    return this.counted;
  }

  private counted: number | undefined;

  /** A position for a new id (the arrays grow when full: `grown` grows what else is sized by rows). */
  newPosition(id: number, grown: (capacity: number) => void): number {
    if (this.used === this.capacity) {
      const capacity = Math.ceil(this.capacity * GROWTH);
      whole(this.resizing(capacity));
      grown(capacity);
    }
    const position = this.used++;
    this.ids[position] = id;
    this.positions.set(id, position);
    return position;
  }

  /** The row's values now (it is live). */
  set(position: number, profile: IndexedProfile): void {
    if (!has(this.live, position)) {
      add(this.live, position);
      if (this.counted !== undefined) this.counted++;
    }
    this.members.add(position, profile.data_source_ids, profile.nationality_codes, profile.gender_value);
    for (const field of NUMERIC_SORTS) this.numbers[field].set(position, profile.numbers[field]);
    for (const field of RATING_FIELDS) this.ratings[field].add(position);
  }

  /** Takes a live row out of every set (its numbers stay: the numeric orders find it by them). */
  detach(position: number): void {
    if (has(this.live, position)) {
      remove(this.live, position);
      if (this.counted !== undefined) this.counted--;
    }
    this.members.remove(position);
    for (const field of RATING_FIELDS) this.ratings[field].remove(position);
  }

  /** Whether the row is live with its rating in [gte, lte]: a remembered range's test after a change. */
  ratingTest(field: RatingField, gte: number, lte: number): RowTest {
    return (position) => {
      // a dead row keeps its old values: live first; a missing value (NaN) fails both comparisons
      const value = this.numbers[field].get(position);
      return has(this.live, position) && value >= gte && value <= lte;
    };
  }

  /** Room for exactly `capacity` rows (more, or fewer down to `used`), pausing between arrays and within the big ones. */
  *resizing(capacity: number): Sliced<void> {
    this.ids = yield* copiedInSlices(this.ids.subarray(0, Math.min(this.ids.length, capacity)), new Int32Array(capacity));
    for (const field of NUMERIC_SORTS) yield* this.numbers[field].resizing(capacity);
    this.live = sizedFor(this.live, capacity);
    yield* this.members.resizing(capacity);
    for (const field of RATING_FIELDS) this.ratings[field].resize(capacity);
    this.capacity = capacity;
  }

  bytesByPart(): Record<string, number> {
    const sum = (values: number[]) => values.reduce((total, n) => total + n, 0);
    return {
      rows: this.ids.byteLength + this.live.byteLength + this.positions.bytes(),
      ...Object.fromEntries(Object.entries(this.members.bytesByPart()).map(([part, n]) => [`sets.${part}`, n])),
      'sets.rating units': sum(RATING_FIELDS.map((field) => this.ratings[field].bytes())),
      'numbers.ratings': sum(RATING_FIELDS.map((field) => this.numbers[field].bytes())),
      'numbers.timestamps': this.numbers.created_at.bytes() + this.numbers.updated_at.bytes(),
    };
  }

  /** For a snapshot: every array as it is (all changed in place). */
  toParts(): Parts {
    const fieldParts = <T extends { toParts(): Parts }>(of: Record<string, T>) =>
      parts({}, {}, Object.fromEntries(Object.entries(of).map(([field, part]) => [field, part.toParts()])));
    return inPlaceParts(
      parts(
        { ids: this.ids, live: this.live },
        { capacity: this.capacity, used: this.used },
        {
          positions: this.positions.toParts(),
          ...this.members.toParts(),
          numbers: fieldParts(this.numbers),
          ratings: fieldParts(this.ratings),
        },
      ),
    );
  }

  /** The rows of `toParts`, their arrays those given (no copy per row). */
  static fromParts(from: Parts): IndexRows {
    const rows = new IndexRows(0);
    const { children } = from;
    rows.capacity = from.values.capacity as number;
    rows.used = from.values.used as number;
    rows.ids = from.arrays.ids as Int32Array;
    rows.live = from.arrays.live as Bitset;
    rows.positions = PositionById.fromParts(children.positions);
    rows.members = MemberSets.fromParts(children, rows.capacity);
    rows.numbers = Object.fromEntries(
      NUMERIC_SORTS.map((field) => [field, NumberColumn.fromParts(children.numbers.children[field])]),
    ) as Record<NumericSort, NumberColumn>;
    rows.ratings = Object.fromEntries(
      RATING_FIELDS.map((field) => [field, RatingRanges.fromParts(children.ratings.children[field], () => rows.numbers[field])]),
    ) as Record<RatingField, RatingRanges>;
    return rows;
  }
}
