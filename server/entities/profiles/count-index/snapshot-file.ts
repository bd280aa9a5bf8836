import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parts, type Parts, type TypedArray } from './parts';

/**
 * The profile index on disk: one file of its parts (parts.ts). A fixed prelude — magic,
 * format, the header's length and SHA-256 — then the header (JSON: what it reflects, the tree
 * of parts with each array's type, place, length and SHA-256), then every typed array's bytes
 * as they are in memory, each at an offset aligned to 8. Written to a temporary file, synced,
 * then renamed over the last one (a crash leaves the old snapshot or the new, never half of
 * one); read with one read per array into its own buffer, viewed as its typed array.
 */
export const SNAPSHOT_FORMAT = 1;
const MAGIC = Buffer.from('PIDXSNAP');
const PRELUDE_BYTES = MAGIC.length + 4 + 4 + 32;
/** the arrays' bytes hashed and written this much at a time, the event loop let through between */
const CHUNK_BYTES = 8 * 2 ** 20;
const ALIGN = 8;

const ARRAY_TYPES = { Uint8Array, Uint16Array, Uint32Array, Int32Array, Float32Array, Float64Array } as const;
type ArrayType = keyof typeof ARRAY_TYPES;

interface ArrayEntry {
  type: ArrayType;
  offset: number;
  length: number;
  sha256: string;
}
interface TreeEntry {
  arrays: Record<string, ArrayEntry>;
  values: Parts['values'];
  children: Record<string, TreeEntry>;
}

/** What a snapshot says of itself: the database it is of and the journal version it reflects. */
export interface SnapshotMeta {
  /** the database, as `databaseIdentity` tells it (snapshot-identity.ts) */
  identity: Record<string, string>;
  /** the code that wrote it (snapshot-store.ts `indexCode`): read only by the same */
  code?: string;
  /** the journal version the index reflects */
  version: number;
  rows: number;
  /** the commit at `version` (its transaction and time), when the journal holds it: tells a history apart */
  commit?: { xid: string; at: string };
}

export interface SnapshotHeader extends SnapshotMeta {
  format: number;
  writtenAt: string;
  /** bytes of the whole file */
  bytes: number;
  tree: TreeEntry;
}

/** A snapshot that cannot be used, and why (the index is then built from the database). */
export class SnapshotRefused extends Error {}

export type Pause = () => Promise<unknown>;
const noPause: Pause = async () => {};

const bytesOf = (array: TypedArray) => new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
const aligned = (offset: number) => Math.ceil(offset / ALIGN) * ALIGN;

/**
 * Writes `root` as the snapshot `file` (atomically); answers its size in bytes. The arrays changed in
 * place (`Parts.inPlace`) are written first; `released` is called once they are, and from then on
 * the index may move while the rest (arrays no change touches, copies) is written and synced.
 */
export async function writeSnapshotFile(
  file: string,
  meta: SnapshotMeta,
  root: Parts,
  pause: Pause = noPause,
  released: () => void = () => {},
): Promise<number> {
  // the layout first: every array's place (its checksum comes as it is written)
  const arrays: [ArrayEntry, TypedArray, boolean][] = [];
  let end = 0;
  const layout = (from: Parts): TreeEntry => {
    const entry: TreeEntry = { arrays: {}, values: from.values, children: {} };
    for (const [name, array] of Object.entries(from.arrays)) {
      const type = (Buffer.isBuffer(array) ? 'Uint8Array' : array.constructor.name) as ArrayType;
      if (!(type in ARRAY_TYPES)) throw new Error(`a snapshot holds typed arrays, not ${type} (${name})`);
      entry.arrays[name] = { type, offset: end, length: array.length, sha256: '0'.repeat(64) };
      arrays.push([entry.arrays[name], array, from.inPlace === true]);
      end = aligned(end + array.byteLength);
    }
    for (const [name, child] of Object.entries(from.children)) entry.children[name] = layout(child);
    return entry;
  };
  const tree = layout(root);
  const header: SnapshotHeader = { format: SNAPSHOT_FORMAT, ...meta, writtenAt: new Date().toISOString(), bytes: 0, tree };
  // room for what is filled in later: the checksums keep their length (hex), the offsets and the
  // size grow by the header's own length (a few digits each); the rest is padded with spaces
  const headerLength = Buffer.byteLength(JSON.stringify(header)) + 16 * (arrays.length + 1);
  const dataStart = aligned(PRELUDE_BYTES + headerLength);
  for (const [entry] of arrays) entry.offset += dataStart;
  header.bytes = dataStart + end;

  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  const handle = await fs.promises.open(temporary, 'w', 0o600);
  try {
    // the arrays changed in place, then the others (each keeps its place in the file)
    const inPlaceFirst = [...arrays.filter(([, , inPlace]) => inPlace), ...arrays.filter(([, , inPlace]) => !inPlace)];
    const inPlaceCount = arrays.filter(([, , inPlace]) => inPlace).length;
    for (let i = 0; i < inPlaceFirst.length; i++) {
      if (i === inPlaceCount) released();
      const [entry, array] = inPlaceFirst[i];
      const bytes = bytesOf(array);
      const hash = createHash('sha256');
      for (let at = 0; at < bytes.length; at += CHUNK_BYTES) {
        const chunk = bytes.subarray(at, at + CHUNK_BYTES);
        hash.update(chunk);
        await handle.write(chunk, 0, chunk.length, entry.offset + at);
        await pause();
      }
      entry.sha256 = hash.digest('hex');
    }
    if (inPlaceCount === inPlaceFirst.length) released();
    const json = Buffer.from(JSON.stringify(header).padEnd(headerLength, ' '));
    if (json.length !== headerLength) throw new Error('the snapshot header outgrew its room');
    const prelude = Buffer.alloc(PRELUDE_BYTES);
    MAGIC.copy(prelude, 0);
    prelude.writeUInt32LE(SNAPSHOT_FORMAT, MAGIC.length);
    prelude.writeUInt32LE(headerLength, MAGIC.length + 4);
    createHash('sha256')
      .update(json)
      .digest()
      .copy(prelude, MAGIC.length + 8);
    await handle.write(Buffer.concat([prelude, json]), 0, PRELUDE_BYTES + headerLength, 0);
    await handle.truncate(header.bytes);
    await handle.sync();
  } catch (error) {
    await handle.close();
    await fs.promises.rm(temporary, { force: true });
    throw error;
  }
  await handle.close();
  await fs.promises.rename(temporary, file);
  // the rename itself made durable
  const directory = await fs.promises.open(path.dirname(file), 'r');
  await directory.sync().finally(() => directory.close());
  return header.bytes;
}

/** The header of a snapshot file; refused when the file is not a whole snapshot of this format. */
export async function readSnapshotHeader(file: string): Promise<SnapshotHeader> {
  let handle: fs.promises.FileHandle;
  try {
    handle = await fs.promises.open(file, 'r');
  } catch (error) {
    throw new SnapshotRefused((error as NodeJS.ErrnoException).code === 'ENOENT' ? 'there is none' : (error as Error).message);
  }
  try {
    const prelude = Buffer.alloc(PRELUDE_BYTES);
    const { bytesRead } = await handle.read(prelude, 0, PRELUDE_BYTES, 0);
    if (bytesRead < PRELUDE_BYTES || !prelude.subarray(0, MAGIC.length).equals(MAGIC)) throw new SnapshotRefused('not a snapshot file');
    const format = prelude.readUInt32LE(MAGIC.length);
    if (format !== SNAPSHOT_FORMAT) throw new SnapshotRefused(`its format is ${format}, this version reads ${SNAPSHOT_FORMAT}`);
    const headerLength = prelude.readUInt32LE(MAGIC.length + 4);
    const { size } = await handle.stat();
    if (PRELUDE_BYTES + headerLength > size) throw new SnapshotRefused('it is cut short');
    const json = Buffer.alloc(headerLength);
    await handle.read(json, 0, headerLength, PRELUDE_BYTES);
    if (
      !createHash('sha256')
        .update(json)
        .digest()
        .equals(prelude.subarray(MAGIC.length + 8))
    )
      throw new SnapshotRefused('its header is damaged');
    const header = JSON.parse(json.toString()) as SnapshotHeader;
    if (header.bytes !== size) throw new SnapshotRefused(`it holds ${size} bytes of ${header.bytes}`);
    return header;
  } finally {
    await handle.close();
  }
}

/**
 * The parts of a snapshot whose header was read: each array read whole into a buffer of its
 * own and checked against its checksum. Refused when a part does not match.
 */
export async function readSnapshotParts(file: string, header: SnapshotHeader, pause: Pause = noPause): Promise<Parts> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const read = async (entry: TreeEntry): Promise<Parts> => {
      const arrays: Record<string, TypedArray> = {};
      for (const [name, { type, offset, length, sha256 }] of Object.entries(entry.arrays)) {
        const Type = ARRAY_TYPES[type];
        if (!Type) throw new SnapshotRefused(`its part ${name} has an unknown type`);
        const byteLength = length * Type.BYTES_PER_ELEMENT;
        // not zero-filled (hundreds of megabytes at ten million rows): every byte is read over it
        const bytes = Buffer.allocUnsafeSlow(byteLength);
        for (let at = 0; at < byteLength; ) {
          const { bytesRead } = await handle.read(bytes, at, Math.min(byteLength - at, 2 ** 30), offset + at);
          if (bytesRead === 0) throw new SnapshotRefused(`its part ${name} is cut short`);
          at += bytesRead;
        }
        const hash = createHash('sha256');
        for (let at = 0; at < byteLength; at += CHUNK_BYTES) {
          hash.update(bytes.subarray(at, at + CHUNK_BYTES));
          await pause();
        }
        if (hash.digest('hex') !== sha256) throw new SnapshotRefused(`its part ${name} does not match its checksum`);
        arrays[name] = new Type(bytes.buffer, bytes.byteOffset, length);
      }
      const children: Record<string, Parts> = {};
      for (const [name, child] of Object.entries(entry.children)) children[name] = await read(child);
      return parts(arrays, entry.values, children);
    };
    return await read(header.tree);
  } finally {
    await handle.close();
  }
}
