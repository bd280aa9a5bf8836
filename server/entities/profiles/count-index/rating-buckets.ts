import { add, emptySet, remove, resized, unionInto, type Bitset } from './bitset';
import type { Sliced } from './slices';
import { parts, type Parts } from './parts';

/**
 * One rating's rows by value, in buckets a tenth wide (the slider's step):
 * below 0, [0, 0.1), …, [9.9, 10), exactly 10, above 10. Each bucket keeps its
 * rows' positions in ascending order and the lowest and highest value it has
 * held, so a range is the buckets it covers whole (every position set, read in
 * order) and, when a bound falls inside a bucket, that bucket's members checked
 * one by one. Ratings given to one decimal never need the check. The bounds
 * only widen while rows leave: a covering test that fails wrongly costs a
 * check, never a wrong answer. Each whole unit [k, k + 1) also has a bitset:
 * a wide range ORs a few of those instead of setting a bit per row.
 */
const TENTHS = 100;
const BUCKETS = TENTHS + 3;

/** [0, 1), [1, 2), … [9, 10) */
const unitOf = (value: number) => Math.floor(value);

function bucketOf(value: number): number {
  if (value < 0) return 0;
  if (value < 10) {
    // within its unit, so that a unit's buckets hold exactly its rows (value − unit is exact)
    const unit = unitOf(value);
    return 1 + unit * 10 + Math.min(9, Math.floor((value - unit) * 10 + 1e-9));
  }
  return value === 10 ? TENTHS + 1 : TENTHS + 2;
}
/** the unit a bucket lies in (-1: below 0, 10 and above) */
const unitOfBucket = (bucket: number) => (bucket >= 1 && bucket <= TENTHS ? Math.floor((bucket - 1) / 10) : -1);

class Bucket {
  rows = new Uint32Array(16);
  length = 0;
  min = Infinity;
  max = -Infinity;

  add(position: number, value: number): void {
    if (this.length === this.rows.length) {
      const grown = new Uint32Array(this.rows.length * 2);
      grown.set(this.rows);
      this.rows = grown;
    }
    const at = this.find(position);
    this.rows.copyWithin(at + 1, at, this.length);
    this.rows[at] = position;
    this.length++;
    if (value < this.min) this.min = value;
    if (value > this.max) this.max = value;
  }

  remove(position: number): void {
    const at = this.find(position);
    if (this.rows[at] !== position || at >= this.length) return;
    this.rows.copyWithin(at, at + 1, this.length);
    this.length--;
    if (this.length === 0) {
      this.min = Infinity;
      this.max = -Infinity;
    }
  }

  /** the index of the first member not below `position` */
  private find(position: number): number {
    let low = 0;
    let high = this.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.rows[middle] < position) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}

/** Sets in `out` the bucket's rows within [gte, lte] (a plain function: V8 optimizes a hot loop inside a generator less well). */
function markBucket(bucket: Bucket, values: Float64Array, gte: number, lte: number, out: Bitset): void {
  const { rows, length } = bucket;
  if (gte <= bucket.min && bucket.max <= lte) {
    for (let i = 0; i < length; i++) out[rows[i] >>> 5] |= 1 << (rows[i] & 31);
  } else {
    for (let i = 0; i < length; i++) {
      const row = rows[i];
      if (values[row] >= gte && values[row] <= lte) out[row >>> 5] |= 1 << (row & 31);
    }
  }
}

export class RatingBuckets {
  private readonly buckets = Array.from({ length: BUCKETS }, () => new Bucket());
  private units: Bitset[];

  /** `values[position]` is the rating, NaN when missing (then in no bucket). */
  constructor(
    private readonly values: () => Float64Array,
    capacity: number,
  ) {
    this.units = Array.from({ length: 10 }, () => emptySet(capacity));
  }

  grow(capacity: number): void {
    this.units = this.units.map((set) => resized(set, capacity));
  }

  add(position: number): void {
    const value = this.values()[position];
    if (Number.isNaN(value)) return;
    this.buckets[bucketOf(value)].add(position, value);
    if (value >= 0 && value < 10) add(this.units[unitOf(value)], position);
  }

  /** Call before the value changes: the bucket is found by it. */
  remove(position: number): void {
    const value = this.values()[position];
    if (Number.isNaN(value)) return;
    this.buckets[bucketOf(value)].remove(position);
    if (value >= 0 && value < 10) remove(this.units[unitOf(value)], position);
  }

  /** Sets in `out` the rows whose rating lies in [gte, lte], pausing after each unit and bucket (~100,000 rows at ten million). */
  *marking(gte: number, lte: number, out: Bitset): Sliced<void> {
    const values = this.values();
    const covered = this.units.map((_set, unit) => gte <= unit && unit + 1 <= lte);
    for (let unit = 0; unit < covered.length; unit++) {
      if (!covered[unit]) continue;
      unionInto(out, this.units[unit]);
      yield;
    }
    for (let b = 0; b < BUCKETS; b++) {
      yield;
      const bucket = this.buckets[b];
      if (bucket.length === 0 || bucket.max < gte || bucket.min > lte || covered[unitOfBucket(b)]) continue;
      markBucket(bucket, values, gte, lte, out);
    }
  }

  bytes(): number {
    return this.buckets.reduce((sum, bucket) => sum + bucket.rows.byteLength, 0) + this.units.reduce((sum, set) => sum + set.byteLength, 0);
  }

  /** For a snapshot: the buckets' rows one after the other (a copy), their bounds, the units' sets. */
  toParts(): Parts {
    const starts = new Uint32Array(BUCKETS + 1);
    this.buckets.forEach((bucket, b) => {
      starts[b + 1] = starts[b] + bucket.length;
    });
    const rows = new Uint32Array(starts[BUCKETS]);
    this.buckets.forEach((bucket, b) => {
      rows.set(bucket.rows.subarray(0, bucket.length), starts[b]);
    });
    const arrays: Record<string, Uint32Array | Float64Array> = {
      rows,
      starts,
      mins: Float64Array.from(this.buckets, (bucket) => bucket.min),
      maxs: Float64Array.from(this.buckets, (bucket) => bucket.max),
    };
    this.units.forEach((set, unit) => {
      arrays[`unit${unit}`] = set;
    });
    return parts(arrays);
  }

  /** The buckets of `toParts` (each a view of the one array read, until it grows), over the same values. */
  static fromParts(from: Parts, values: () => Float64Array): RatingBuckets {
    const { rows, starts, mins, maxs } = from.arrays;
    const buckets = new RatingBuckets(values, 0);
    buckets.buckets.forEach((bucket, b) => {
      bucket.length = starts[b + 1] - starts[b];
      if (bucket.length > 0) bucket.rows = (rows as Uint32Array<ArrayBuffer>).subarray(starts[b], starts[b + 1]);
      bucket.min = mins[b];
      bucket.max = maxs[b];
    });
    buckets.units = Array.from({ length: 10 }, (_set, unit) => from.arrays[`unit${unit}`] as Bitset);
    return buckets;
  }
}
