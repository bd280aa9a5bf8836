/**
 * What a structure of the profile index is made of, as plain data: its typed arrays (written to a
 * snapshot file as they are, read back without a copy per element), its scalar values, and the
 * parts of the structures it holds. Each structure that a snapshot carries has `toParts()` and a
 * static `fromParts(parts)` that gives back an equal structure (same answers, same memory).
 */
export type TypedArray = Uint8Array | Uint16Array | Uint32Array | Int32Array | Float32Array | Float64Array;

export interface Parts {
  arrays: Record<string, TypedArray>;
  values: Record<string, number | string | boolean | null>;
  children: Record<string, Parts>;
  /**
   * this node's own arrays are the index's, changed in place as it moves (a row's numbers, its
   * sets' bits): a snapshot writes them first, while the index holds still, and lets it move on
   * before it writes the rest — arrays no change touches (a token base) or copies (the orders' rows)
   */
  inPlace?: boolean;
}

export const parts = (
  arrays: Record<string, TypedArray> = {},
  values: Record<string, number | string | boolean | null> = {},
  children: Record<string, Parts> = {},
): Parts => ({ arrays, values, children });

/** `from` with its own arrays and every descendant's marked as changed in place (see `Parts.inPlace`). */
export const inPlaceParts = (from: Parts): Parts => ({
  ...from,
  inPlace: true,
  children: Object.fromEntries(Object.entries(from.children).map(([name, child]) => [name, inPlaceParts(child)])),
});
