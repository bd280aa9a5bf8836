import fs from 'node:fs';
import { Type } from 'typebox';
import { Value } from 'typebox/value';
import { profileFilterSchema } from '../filters';
import { yieldToEventLoop } from '../../../util/slices';
import type { ProfileIndex, WarmKey } from './index';
import { Slicer } from './slices';

/**
 * Warming after a restart (what a search engine's autowarm does): the requests whose whole sets
 * the index remembers are written beside its snapshot (and at a clean stop), the most used
 * first; a restarted index, once caught up, asks them again in that order, in slices between
 * which requests run, as long as its remembered-sets budget has room. Until a set is warmed a
 * request makes it as it would have; a warmed set is one a request would have made (the same
 * code makes it, on the index caught up), corrected at each catch-up like any other.
 */

/** A key as written: the request and how many times its set was used. */
export type UsedWarmKey = WarmKey & { uses: number };

const FORMAT = 1;

const keySchema = Type.Object({
  readable: Type.Union([Type.Null(), Type.Array(Type.Integer())]),
  filters: Type.Object(profileFilterSchema, { additionalProperties: false }),
  terms: Type.Array(Type.String()),
  uses: Type.Number({ minimum: 0 }),
});

export interface WarmStats {
  /** keys read from the file */
  keys: number;
  /** sets warmed (asked again); the others were remembered already or did not fit the budget */
  warmed: number;
  /** keys left out: their sets did not fit the remembered-sets budget */
  skipped: number;
  ms: number;
  /** why the file was not used (missing, another database's, other code, damaged) */
  refused?: string;
}

/** The keys file beside a snapshot file. */
export const warmFile = (snapshotFile: string) => `${snapshotFile}.warm.json`;

/** Writes the keys (temporary file, then rename): what a restart of this database with this code warms. */
export function writeWarmKeys(file: string, stamp: { identity: Record<string, string>; code: string }, keys: UsedWarmKey[]): void {
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, JSON.stringify({ format: FORMAT, ...stamp, written: new Date().toISOString(), keys }));
  fs.renameSync(temporary, file);
}

/**
 * The keys in `file` when it was written for this database (`identity`) by this code (`code`),
 * else why not: a missing, damaged or stale file is ignored (nothing is warmed).
 */
export function readWarmKeys(
  file: string,
  stamp: { identity: Record<string, string>; code: string },
): { keys: UsedWarmKey[] } | { refused: string } {
  let read: { format?: unknown; identity?: Record<string, unknown>; code?: unknown; keys?: unknown };
  try {
    read = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    return { refused: (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'there is none' : 'it could not be read' };
  }
  if (read?.format !== FORMAT || !Array.isArray(read.keys)) return { refused: 'it could not be read' };
  const identity = read.identity ?? {};
  const other = Object.keys({ ...stamp.identity, ...identity }).find((key) => stamp.identity[key] !== identity[key]);
  if (other) return { refused: `it is of another database (its ${other} differs)` };
  if (read.code !== stamp.code) return { refused: 'it was written by another version of the index code' };
  return { keys: read.keys.filter((key) => Value.Check(keySchema, key)) as UsedWarmKey[] };
}

/**
 * Asks the index for each key's set, most used first, while `going()` and while the budget has
 * room for what a key would add (a key that does not fit is skipped, a later one may share its
 * parts); each in slices of ~5 ms, the event loop let in between keys.
 */
export async function warmIndex(
  index: ProfileIndex,
  keys: UsedWarmKey[],
  going: () => boolean,
): Promise<{ warmed: number; skipped: number }> {
  let warmed = 0;
  let skipped = 0;
  for (const { readable, filters, terms, uses } of keys) {
    if (!going()) break;
    const outcome = await index.read(async () => {
      const bytes = index.bytesToRemember(readable, filters, terms);
      if (bytes === 0) return 'remembered';
      if (bytes > index.rememberedRoom()) return 'no room';
      await index.matchingInSlices(readable, filters, terms, new Slicer(), uses);
      return 'warmed';
    });
    if (outcome === undefined) break; // a change did not fit: the manager rebuilds
    if (outcome === 'warmed') warmed++;
    if (outcome === 'no room') skipped++;
    await yieldToEventLoop();
  }
  return { warmed, skipped };
}
