// A CPU profile of this process (the in-process bench server) while a piece of the bench runs, and
// its summary: `node --import tsx bench/cpu-profile.ts <file.cpuprofile> [top]` prints the
// functions with the most self time (what `node --cpu-prof` would show, without profiling the
// index's build before it). The profiler samples this thread only: the load's child processes
// are not in it.
import fs from 'node:fs';
import path from 'node:path';
import { Session } from 'node:inspector/promises';
import { fileURLToPath } from 'node:url';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

/** Runs `work` with the V8 profiler on (sampling every 1 ms), writes the profile to `file`. */
export async function cpuProfiled<T>(file: string, work: () => Promise<T>): Promise<T> {
  const session = new Session();
  session.connect();
  try {
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 1000 });
    await session.post('Profiler.start');
    const result = await work();
    const { profile } = await session.post('Profiler.stop');
    fs.writeFileSync(file, JSON.stringify(profile));
    return result;
  } finally {
    session.disconnect();
  }
}

/** Self time by function (name, file, line), the largest first, as shares of all samples. */
export function topSelfTime(profile: { nodes: ProfileNode[] }, top: number): { share: string; ms: number; fn: string }[] {
  const total = profile.nodes.reduce((sum, n) => sum + (n.hitCount ?? 0), 0);
  const byFunction = new Map<string, number>();
  for (const node of profile.nodes) {
    const { functionName, url, lineNumber } = node.callFrame;
    const file = url.startsWith('file:') ? path.relative(process.cwd(), fileURLToPath(url)) : url;
    const where = file ? `${file}:${lineNumber + 1}` : '';
    const key = `${functionName || '(anonymous)'} ${where}`.trim();
    byFunction.set(key, (byFunction.get(key) ?? 0) + (node.hitCount ?? 0));
  }
  return [...byFunction.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([fn, hits]) => ({ share: `${((100 * hits) / Math.max(1, total)).toFixed(1)} %`, ms: hits, fn }));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const profile = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
  for (const row of topSelfTime(profile, Number(process.argv[3] ?? 30)))
    console.log(`${row.share.padStart(7)}  ${String(row.ms).padStart(6)} samples  ${row.fn}`);
}
