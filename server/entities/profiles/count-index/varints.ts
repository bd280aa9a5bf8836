import { add, type Bitset } from './bitset';

/**
 * Ascending numbers stored as the differences between neighbours, seven bits
 * a byte (the high bit: more bytes follow). The rows of a common token are a
 * byte each instead of four; the n-gram index's block lists the same.
 * Differences are at least 1 (the first is from -1) and below 2^31.
 */
export function varintBytes(value: number): number {
  return value < 0x80 ? 1 : value < 0x4000 ? 2 : value < 0x200000 ? 3 : value < 0x10000000 ? 4 : 5;
}

/** Writes `value` at `at`; answers the position after it. */
export function writeVarint(into: Uint8Array, at: number, value: number): number {
  while (value >= 0x80) {
    into[at++] = (value & 0x7f) | 0x80;
    value >>>= 7;
  }
  into[at++] = value;
  return at;
}

/** Writes the ascending `values` at `at` as differences; answers the position after them. */
export function writeAscending(into: Uint8Array, at: number, values: ArrayLike<number>, count = values.length): number {
  let previous = -1;
  for (let i = 0; i < count; i++) {
    at = writeVarint(into, at, values[i] - previous);
    previous = values[i];
  }
  return at;
}

/** The bytes `writeAscending` takes for `values`. */
export function ascendingBytes(values: ArrayLike<number>, count = values.length): number {
  let bytes = 0;
  let previous = -1;
  for (let i = 0; i < count; i++) {
    bytes += varintBytes(values[i] - previous);
    previous = values[i];
  }
  return bytes;
}

/**
 * Adds the numbers stored in bytes[from, to) to `set` (`value`: the one
 * before them, for a list read in pieces); answers the last.
 */
export function addAscending(bytes: Uint8Array, from: number, to: number, set: Bitset, value = -1): number {
  for (let p = from; p < to; ) {
    let byte = bytes[p++];
    let delta = byte & 0x7f;
    for (let shift = 7; byte & 0x80; shift += 7) {
      byte = bytes[p++];
      delta |= (byte & 0x7f) << shift;
    }
    value += delta;
    add(set, value);
  }
  return value;
}

/** The numbers stored in bytes[from, to), into `out` (big enough: one per byte at most); answers how many. */
export function readAscending(bytes: Uint8Array, from: number, to: number, out: Uint32Array): number {
  let value = -1;
  let count = 0;
  for (let p = from; p < to; ) {
    let byte = bytes[p++];
    let delta = byte & 0x7f;
    for (let shift = 7; byte & 0x80; shift += 7) {
      byte = bytes[p++];
      delta |= (byte & 0x7f) << shift;
    }
    value += delta;
    out[count++] = value;
  }
  return count;
}
