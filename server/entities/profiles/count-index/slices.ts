import { yieldToEventLoop } from '../../../util/slices';

/**
 * Long work on the index cut into slices: no request waits more than a few
 * milliseconds behind a big catch-up, a broad set or a build (issue 20, item 2).
 *
 * The work itself is written once, as a generator that `yield`s at points
 * where it may pause (every block, bucket, source or few hundred rows: often
 * enough to keep slices short, seldom enough to cost nothing). The server runs
 * it `inSlices`, letting the event loop in whenever a slice has lasted its
 * budget; tests and small callers run it `whole`, as plain synchronous code.
 */
export type Sliced<T> = Generator<void, T, void>;

/** How long a slice lasts before the event loop is let in, in ms. */
export const SLICE_MS = 5;

/** Lets the event loop in once a slice has lasted `budgetMs` since the last pause (the clock and the pause are injectable for tests). */
export class Slicer {
  /** how many times the event loop was let in */
  pauses = 0;
  private since: number;

  constructor(
    private readonly budgetMs = SLICE_MS,
    private readonly now: () => number = () => performance.now(),
    private readonly pause: () => Promise<void> = yieldToEventLoop,
  ) {
    this.since = now();
  }

  /** Whether this slice has used its budget. */
  get due(): boolean {
    return this.now() - this.since >= this.budgetMs;
  }

  /** Lets the event loop in if the slice has used its budget; otherwise answers at once. */
  async slice(): Promise<void> {
    if (this.due) await this.pauseNow();
  }

  /** Lets the event loop in now. */
  async pauseNow(): Promise<void> {
    await this.pause();
    this.pauses++;
    this.since = this.now();
  }
}

/** Runs the work to its end without pausing (tests, small inputs). */
export function whole<T>(work: Sliced<T>): T {
  for (;;) {
    const step = work.next();
    if (step.done) return step.value;
  }
}

/** Runs the work, letting the event loop in at its pause points once a slice has lasted its budget. */
export async function inSlices<T>(work: Sliced<T>, slicer: Slicer = new Slicer()): Promise<T> {
  for (;;) {
    const step = work.next();
    if (step.done) return step.value;
    // checked here rather than by awaiting slice(): an await costs a turn of the microtask queue even when nothing is due
    if (slicer.due) await slicer.pauseNow();
  }
}

/** `from`'s values copied into `to` (a bigger array of its kind), a million at a time. */
export function* copiedInSlices<T extends Int32Array | Float64Array | Uint8Array | Uint16Array>(from: T, to: T): Sliced<T> {
  for (let start = 0; start < from.length; start += 1 << 20) {
    to.set(from.subarray(start, start + (1 << 20)), start);
    yield;
  }
  return to;
}
