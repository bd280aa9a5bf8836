// For the profiles bench only (BENCH_EVENT_LOOP_FILE, never set in production): a web process of
// the built server measures its event loop's delay and, on SIGUSR2, writes what it measured since
// the previous signal to `{BENCH_EVENT_LOOP_FILE}/{pid}.json`, then starts again. The bench signals
// once at the start of a load run and once at its end; no HTTP route, nothing a client can reach.
import fs from 'node:fs';
import path from 'node:path';
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';

/** The sampling period of the delay histogram, ms. */
export const EVENT_LOOP_RESOLUTION_MS = 1;

/** What one period measured: delays in ms, `seq` counts the periods (the bench waits for it to move). */
export interface EventLoopReport {
  pid: number;
  seq: number;
  p99: number;
  max: number;
  mean: number;
}

/**
 * p99, max and mean of the delay in ms. Node's histogram records each whole interval between two
 * samples (an idle loop reads the resolution itself): the delay is what exceeds the resolution.
 */
export function eventLoopDelays(histogram: IntervalHistogram): { p99: number; max: number; mean: number } {
  const ms = (nanoseconds: number) => Math.max(0, Math.round((nanoseconds / 1e6 - EVENT_LOOP_RESOLUTION_MS) * 10) / 10);
  return { p99: ms(histogram.percentile(99)), max: ms(histogram.max), mean: ms(histogram.mean) };
}

export function reportEventLoopOnSignal(directory: string): void {
  const histogram = monitorEventLoopDelay({ resolution: EVENT_LOOP_RESOLUTION_MS });
  histogram.enable();
  let seq = 0;
  process.on('SIGUSR2', () => {
    const report: EventLoopReport = {
      pid: process.pid,
      seq: ++seq,
      ...eventLoopDelays(histogram),
    };
    histogram.reset();
    const file = path.join(directory, `${process.pid}.json`);
    // whole or not at all: the bench may read while this writes
    fs.writeFileSync(`${file}.tmp`, JSON.stringify(report));
    fs.renameSync(`${file}.tmp`, file);
  });
}
