// Long loops cut into slices of a few milliseconds, with the event loop let in between: a
// retrieval preparing its next batch must not keep the answers of the database (for the batch
// being written) or of web requests waiting behind it.
const SLICE_MS = 2;

export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** `items.map(fn)`, letting the event loop in every few milliseconds. */
export async function mapInSlices<T, R>(items: readonly T[], fn: (item: T, index: number) => R): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let sliceStart = performance.now();
  for (let i = 0; i < items.length; i++) {
    out[i] = fn(items[i], i);
    if (performance.now() - sliceStart >= SLICE_MS) {
      await yieldToEventLoop();
      sliceStart = performance.now();
    }
  }
  return out;
}

/** JSON.stringify(rows), a row at a time, letting the event loop in every few milliseconds. */
export async function stringifyInSlices(rows: readonly unknown[]): Promise<string> {
  return `[${(await mapInSlices(rows, (row) => JSON.stringify(row))).join(',')}]`;
}
