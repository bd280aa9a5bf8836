import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/schema';
import type { ProfileIndex } from './index';
import {
  identityOf,
  indexCode,
  loadSnapshot,
  saveSnapshot,
  SNAPSHOT_EVERY_COMMITS,
  SNAPSHOT_EVERY_MS,
  snapshotFile,
  type SnapshotOptions,
} from './snapshot-store';
import { readWarmKeys, warmFile, writeWarmKeys, type UsedWarmKey } from './warming';

export interface SnapshotStats {
  /** indexes that started from a snapshot instead of a build */
  loads: number;
  lastLoadMs: number;
  /** why the last snapshot looked at was not used */
  refused?: string;
  writes: number;
  lastWriteMs: number;
  /** the last snapshot's size, written or loaded */
  bytes: number;
  /** the journal version of the last snapshot written or loaded */
  version: number;
  /** how long the last write held the index still (its arrays changed in place written) */
  lastHoldMs: number;
}

/**
 * One database's snapshot for the index manager (manager.ts): loading it at start, and writing
 * it when due — one write at a time. The arrays are written as they are, so the index must not
 * change until those it changes in place are written (`holding`: the manager holds its catch-ups
 * meanwhile, ~1–2 s at ten million rows); the rest of the write (seconds) lets it move.
 */
export class SnapshotKeeper {
  readonly stats: SnapshotStats = { loads: 0, lastLoadMs: 0, writes: 0, lastWriteMs: 0, bytes: 0, version: -1, lastHoldMs: 0 };
  /** a write under way, from its start to the file's rename */
  writing?: Promise<void>;
  /** the part of it that holds the index still: catch-ups wait for it (SQL answers meanwhile when the index is behind) */
  holding?: Promise<void>;
  private writtenAt = 0;
  private identity?: Record<string, string>;

  constructor(
    private readonly db: Kysely<Database>,
    readonly options: SnapshotOptions,
    private readonly log: () => FastifyBaseLogger | undefined,
  ) {}

  /** The index from this database's snapshot, at its version (the caller catches it up), or undefined. */
  async load(minRows: number): Promise<ProfileIndex | undefined> {
    const loaded = await loadSnapshot(this.db, this.options, minRows);
    if ('refused' in loaded) {
      this.stats.refused = loaded.refused;
      this.log()?.info({ reason: loaded.refused }, 'profile index: not starting from a snapshot');
      return undefined;
    }
    Object.assign(this.stats, { loads: this.stats.loads + 1, lastLoadMs: loaded.ms, bytes: loaded.bytes, version: loaded.index.version });
    this.writtenAt = Date.now();
    this.identity = loaded.identity; // for a write at shutdown, when the database may be closed already
    this.log()?.info(
      { profiles: loaded.index.rows, version: loaded.index.version, ms: loaded.ms, mb: Math.round(loaded.bytes / 2 ** 20) },
      'profile index loaded from its snapshot',
    );
    return loaded.index;
  }

  /** Whether the index moved enough since the last snapshot to write one now. */
  due(index: ProfileIndex, now = Date.now()): boolean {
    if (!this.options.write || index.version === this.stats.version) return false;
    const commits = this.options.everyCommits ?? SNAPSHOT_EVERY_COMMITS;
    return index.version - this.stats.version >= commits || now - this.writtenAt >= (this.options.everyMs ?? SNAPSHOT_EVERY_MS);
  }

  /**
   * Writes the index's snapshot unless it is the one on disk (or this process does not write);
   * the write under way when one is. Call only while no catch-up is under way: from the first
   * line on, `holding` holds the next ones until the arrays changed in place are written.
   */
  write(index: ProfileIndex, why: string): Promise<void> {
    if (this.writing) return this.writing;
    if (!this.options.write || index.version === this.stats.version) return Promise.resolve();
    const started = Date.now();
    let release = () => {};
    const holding = new Promise<void>((resolve) => {
      release = () => {
        if (this.holding !== holding) return;
        this.holding = undefined;
        this.stats.lastHoldMs = Date.now() - started;
        resolve();
      };
    });
    this.holding = holding;
    this.writing = this.writeNow(index, why, release).finally(() => {
      release(); // a write that failed before it let the index go
      this.writing = undefined;
    });
    return this.writing;
  }

  private async writeNow(index: ProfileIndex, why: string, released: () => void): Promise<void> {
    try {
      this.identity = await identityOf(this.db, this.options).catch((error) => {
        if (this.identity) return this.identity; // the database is closing: the one read before
        throw error;
      });
      this.removeAbandoned(snapshotFile(this.options, this.identity));
      const { bytes, ms } = await saveSnapshot(this.db, this.options, index, this.identity, released);
      Object.assign(this.stats, { writes: this.stats.writes + 1, lastWriteMs: ms, bytes, version: index.version });
      this.writtenAt = Date.now();
      this.log()?.info(
        { why, version: index.version, ms, heldMs: this.stats.lastHoldMs, mb: Math.round(bytes / 2 ** 20) },
        'profile index: snapshot written',
      );
      await this.writeWarmKeys(index); // beside it
    } catch (error) {
      this.writtenAt = Date.now(); // not again at once: at the next due time
      this.log()?.warn({ err: error }, 'profile index: the snapshot could not be written');
    }
  }

  /** keys files written (warming.ts) */
  warmKeysWritten = 0;

  /**
   * Writes the keys of the sets the index remembers beside its snapshot (this process being the
   * writer): what the next start warms. Never fails (a start without them warms nothing).
   */
  async writeWarmKeys(index: ProfileIndex, keys: UsedWarmKey[] = index.warmKeys()): Promise<void> {
    // a process that remembers nothing (asked nothing, did not warm) leaves the last keys as they are
    if (!this.options.write || keys.length === 0) return;
    try {
      this.identity ??= await identityOf(this.db, this.options);
      writeWarmKeys(warmFile(snapshotFile(this.options, this.identity)), { identity: this.identity, code: indexCode() }, keys);
      this.warmKeysWritten++;
    } catch (error) {
      this.log()?.warn({ err: error }, 'profile index: the keys to warm could not be written');
    }
  }

  /** The keys to warm written for this database by this code, or why there are none to use. */
  async readWarmKeys(): Promise<{ keys: UsedWarmKey[] } | { refused: string }> {
    try {
      this.identity ??= await identityOf(this.db, this.options);
    } catch (error) {
      return { refused: `the database's identity could not be read: ${(error as Error).message}` };
    }
    return readWarmKeys(warmFile(snapshotFile(this.options, this.identity)), { identity: this.identity, code: indexCode() });
  }

  /** Temporary files of writers that died half-way (their process is gone). */
  private removeAbandoned(file: string): void {
    const prefix = `${path.basename(file)}.`;
    let names: string[] = [];
    try {
      names = fs.readdirSync(path.dirname(file));
    } catch {
      return;
    }
    for (const name of names) {
      const pid = Number(name.startsWith(prefix) && name.endsWith('.tmp') ? name.slice(prefix.length, -4) : NaN);
      if (!Number.isInteger(pid) || pid === process.pid || alive(pid)) continue;
      fs.rmSync(path.join(path.dirname(file), name), { force: true });
    }
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
