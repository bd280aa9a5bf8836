import { readEnded, readStarted } from './set-pool';

/**
 * Readers of the index and the one change applied to it, never at the same
 * time, now that both may pause half-way (slices.ts): a catch-up waits for the
 * reads in flight to end, and reads that come meanwhile wait for it, so no read
 * sees a half-applied change. A waiting change goes before reads that come
 * after it (they need its version anyway), so a stream of reads never starves it.
 */
export class ReadWriteGate {
  private readers = 0;
  private writing = false;
  private writersWaiting = 0;
  private wakers: (() => void)[] = [];

  async read<T>(work: () => T | Promise<T>): Promise<T> {
    while (this.writing || this.writersWaiting > 0) await this.changed();
    this.readers++;
    readStarted();
    try {
      return await work();
    } finally {
      this.readers--;
      readEnded();
      this.wake();
    }
  }

  async write<T>(work: () => T | Promise<T>): Promise<T> {
    this.writersWaiting++;
    try {
      while (this.writing || this.readers > 0) await this.changed();
    } finally {
      this.writersWaiting--;
    }
    this.writing = true;
    try {
      return await work();
    } finally {
      this.writing = false;
      this.wake();
    }
  }

  /** Whether a change is being applied or waits to be (tests). */
  get busy(): boolean {
    return this.writing || this.writersWaiting > 0;
  }

  private changed(): Promise<void> {
    return new Promise((resolve) => this.wakers.push(resolve));
  }

  private wake(): void {
    const wakers = this.wakers;
    this.wakers = [];
    for (const wake of wakers) wake();
  }
}
