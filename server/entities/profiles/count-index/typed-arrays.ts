/** `array`'s values at the start of a new, longer array of its kind (one native copy). */
export function grown<T extends Uint32Array | Int32Array>(array: T, length: number): T {
  const bigger = new (array.constructor as new (length: number) => T)(length);
  bigger.set(array);
  return bigger;
}
