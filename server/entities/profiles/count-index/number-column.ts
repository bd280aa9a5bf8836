import { parts, type Parts } from './parts';
import { copiedInSlices, type Sliced } from './slices';

/**
 * One numeric field of every row (NaN: missing), exactly as the database has it (double
 * precision). A coded column keeps each row's value as a small code into a table of the
 * distinct values (code 0: missing): ratings are given to a tenth, so a hundred or so
 * values — a byte a row instead of eight. Past 255 distinct values the codes widen to two
 * bytes, past 65,535 the column holds the values themselves (each widening once, a copy of
 * the column). A plain column (timestamps: about as many values as rows) holds the values.
 */
export class NumberColumn {
  /** coded: the distinct values by code (0: NaN); plain: every row's value */
  private values: Float64Array;
  /** every row's code, while coded */
  private codes?: Uint8Array | Uint16Array;
  private readonly codeOf = new Map<number, number>();

  constructor(capacity: number, coded: boolean) {
    if (coded) {
      this.codes = new Uint8Array(capacity);
      this.values = Float64Array.of(NaN);
    } else this.values = new Float64Array(capacity).fill(NaN);
  }

  get coded(): boolean {
    return this.codes !== undefined;
  }

  get capacity(): number {
    return (this.codes ?? this.values).length;
  }

  /** The row's value (NaN: missing). */
  get(position: number): number {
    const codes = this.codes;
    return codes === undefined ? this.values[position] : this.values[codes[position]];
  }

  set(position: number, value: number | null): void {
    const missing = value === null || Number.isNaN(value);
    if (this.codes !== undefined) {
      const code = missing ? 0 : this.codeFor(value);
      // (the column may have stopped coding for this value)
      if (this.codes !== undefined) {
        this.codes[position] = code;
        return;
      }
    }
    this.values[position] = missing ? NaN : value;
  }

  /** Room for exactly `capacity` rows (a copy, bigger or smaller, a million values at a time). */
  *resizing(capacity: number): Sliced<void> {
    if (capacity === this.capacity) return;
    const kept = Math.min(capacity, this.capacity);
    if (this.codes === undefined) {
      this.values = yield* copiedInSlices(this.values.subarray(0, kept), new Float64Array(capacity).fill(NaN));
      return;
    }
    if (this.codes instanceof Uint8Array) this.codes = yield* copiedInSlices(this.codes.subarray(0, kept), new Uint8Array(capacity));
    else this.codes = yield* copiedInSlices(this.codes.subarray(0, kept), new Uint16Array(capacity));
  }

  bytes(): number {
    return this.values.byteLength + (this.codes?.byteLength ?? 0) + this.codeOf.size * 32;
  }

  /** For a snapshot: the codes and their values, or the values. */
  toParts(): Parts {
    return this.codes
      ? parts({ codes: this.codes, values: this.values.subarray(0, this.codeOf.size + 1) })
      : parts({ values: this.values });
  }

  static fromParts(from: Parts): NumberColumn {
    const { codes, values } = from.arrays;
    const column = new NumberColumn(0, codes !== undefined);
    column.values = values as Float64Array;
    if (codes) {
      column.codes = codes as Uint8Array | Uint16Array;
      for (let code = 1; code < values.length; code++) column.codeOf.set(values[code], code);
    }
    return column;
  }

  private codeFor(value: number): number {
    const known = this.codeOf.get(value);
    if (known !== undefined) return known;
    const code = this.codeOf.size + 1;
    if (code > 0xffff) {
      this.decode();
      return 0; // unused: the column is now plain (see set)
    }
    if (code > 0xff && this.codes instanceof Uint8Array) this.codes = Uint16Array.from(this.codes);
    if (code >= this.values.length) {
      const grown = new Float64Array(Math.min(0x10000, this.values.length * 2 + 16));
      grown.set(this.values);
      this.values = grown;
    }
    this.values[code] = value;
    this.codeOf.set(value, code);
    return code;
  }

  /** Too many distinct values to code: every row's value itself from now on. */
  private decode(): void {
    const codes = this.codes!;
    const values = new Float64Array(codes.length);
    for (let i = 0; i < codes.length; i++) values[i] = this.values[codes[i]];
    this.values = values;
    this.codes = undefined;
    this.codeOf.clear();
  }
}
