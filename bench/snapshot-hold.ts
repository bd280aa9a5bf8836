// How long a snapshot write holds the profile index still (issue 20, items 2 and 3): an index read
// from a snapshot file, then its snapshot written again `--runs` times as the server writes it (its
// parts taken in the background's slices, then written, the arrays changed in place first), nothing
// else running. Reports, per run, the parts' time, the bytes changed in place and when they were
// written (the hold ends there: `released`), and the whole write; the file written is removed.
//   node --expose-gc --max-old-space-size=12000 --import tsx bench/snapshot-hold.ts --snapshot FILE [--runs 3]
// (a snapshot the server wrote for the same code: DATA_DIR/profile-index/*.snapshot, or the bench's
// beside its database: /tmp/unused/profile-index/bench_profiles.snapshot).
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { ProfileIndex } from '../server/entities/profiles/count-index/index';
import type { Parts } from '../server/entities/profiles/count-index/parts';
import { whole } from '../server/entities/profiles/count-index/slices';
import { readSnapshotHeader, readSnapshotParts, writeSnapshotFile } from '../server/entities/profiles/count-index/snapshot-file';
import { runInBackground } from '../server/entities/profiles/count-index/steps';
import { table } from './stats';

const { values } = parseArgs({ options: { snapshot: { type: 'string' }, runs: { type: 'string', default: '3' } } });
if (!values.snapshot) throw new Error('--snapshot FILE: a snapshot of the profile index');
const file = values.snapshot;
const pause = () => new Promise((resolve) => setImmediate(resolve));
const header = await readSnapshotHeader(file);
const index = ProfileIndex.fromParts(await readSnapshotParts(file, header));
whole(index.fitting());
const mb = (bytes: number) => Math.round(bytes / 2 ** 20);

/** Bytes of the arrays in `parts`, and of those changed in place (a node's own mark, as the write reads it). */
function bytesOf(parts: Parts): { all: number; inPlace: number } {
  const sum = { all: 0, inPlace: 0 };
  for (const array of Object.values(parts.arrays)) {
    sum.all += array.byteLength;
    if (parts.inPlace === true) sum.inPlace += array.byteLength;
  }
  for (const child of Object.values(parts.children)) {
    const more = bytesOf(child);
    sum.all += more.all;
    sum.inPlace += more.inPlace;
  }
  return sum;
}

const rows: Record<string, string | number>[] = [];
const target = `${file}.hold-bench.${process.pid}`;
for (let run = 1; run <= Number(values.runs); run++) {
  global.gc?.();
  const started = performance.now();
  const root = await runInBackground(index.partsSteps());
  const taken = performance.now();
  let released = Number.NaN;
  const meta = { identity: header.identity, code: header.code, version: header.version, rows: header.rows };
  await writeSnapshotFile(target, meta, root, pause, () => {
    released = performance.now();
  });
  const ended = performance.now();
  fs.rmSync(target, { force: true });
  const bytes = bytesOf(root);
  rows.push({
    run,
    'parts taken ms': Math.round(taken - started),
    'changed in place MB': mb(bytes.inPlace),
    'written by ms': Math.round(released - taken),
    'held ms': Math.round(released - started),
    'all MB': mb(bytes.all),
    'whole write ms': Math.round(ended - started),
  });
}
console.log(`${index.rows} rows (${file})\n`);
console.log(table(rows));
