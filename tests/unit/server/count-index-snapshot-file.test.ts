// The profile index's snapshot file (issue 20, item 3): typed arrays of every kind and values
// round-trip, each array at an aligned offset; a file cut short, damaged, of another format or not
// a snapshot at all is refused; a write that fails leaves the last snapshot as it was.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parts } from '../../../server/entities/profiles/count-index/parts';
import {
  readSnapshotHeader,
  readSnapshotParts,
  SNAPSHOT_FORMAT,
  SnapshotRefused,
  writeSnapshotFile,
  type SnapshotMeta,
} from '../../../server/entities/profiles/count-index/snapshot-file';

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'snapshot-file-'));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

const meta = (version: number): SnapshotMeta => ({ identity: { database: 'test', table: '1' }, version, rows: 0 });

describe('profile index snapshot file', () => {
  it('round-trips every kind of typed array and value, through views of one buffer per array', async () => {
    const file = path.join(folder, 'kinds.snapshot');
    const root = parts(
      { a: Uint8Array.of(1, 2, 3), b: Uint16Array.of(65535), c: Uint32Array.of(1, 2 ** 32 - 1), empty: new Uint32Array(0) },
      { n: 3, s: 'x', t: true, none: null },
      {
        child: parts({ d: Int32Array.of(-5), e: Float32Array.of(1.5), f: Float64Array.of(Number.NaN, Number.POSITIVE_INFINITY, -0.25) }),
        buffer: parts({ bytes: Buffer.from('héllo') }),
      },
    );
    await writeSnapshotFile(file, meta(7), root);
    const back = await readSnapshotParts(file, await readSnapshotHeader(file));
    expect(back.values).toEqual(root.values);
    for (const [name, array] of Object.entries(root.arrays)) expect(Array.from(back.arrays[name]), name).toEqual(Array.from(array));
    expect(back.arrays.c).toBeInstanceOf(Uint32Array);
    expect(Array.from(back.children.child.arrays.f)).toEqual([Number.NaN, Number.POSITIVE_INFINITY, -0.25]);
    expect(back.children.child.arrays.d).toBeInstanceOf(Int32Array);
    expect(Buffer.from(back.children.buffer.arrays.bytes).toString()).toBe('héllo');
    // written as they are: each array starts at an offset aligned to 8
    const header = await readSnapshotHeader(file);
    for (const entry of Object.values(header.tree.children.child.arrays)) expect(entry.offset % 8).toBe(0);
  });

  describe('refuses a file that is not a whole snapshot of this format', () => {
    const file = path.join(folder, 'refused.snapshot');
    const write = async () => {
      const big = new Float64Array(100_000).map((_, i) => i);
      await writeSnapshotFile(file, meta(3), parts({ big, small: Uint32Array.of(7) }));
      return fs.readFileSync(file);
    };
    const refusal = async (bytes: Buffer): Promise<string> => {
      fs.writeFileSync(file, bytes);
      try {
        await readSnapshotParts(file, await readSnapshotHeader(file));
      } catch (error) {
        expect(error).toBeInstanceOf(SnapshotRefused);
        return (error as Error).message;
      }
      throw new Error('the file was accepted');
    };

    it('cut short', async () => {
      const bytes = await write();
      expect(await refusal(bytes.subarray(0, bytes.length - 1000))).toMatch(/holds \d+ bytes of \d+/);
      expect(await refusal(bytes.subarray(0, 30))).toMatch(/not a snapshot/);
      expect(await refusal(bytes.subarray(0, 100))).toMatch(/cut short/);
    });

    it('a changed byte in a part or in the header', async () => {
      const bytes = await write();
      const damaged = Buffer.from(bytes);
      damaged[damaged.length - 5000] ^= 1;
      expect(await refusal(damaged)).toMatch(/part big does not match its checksum/);
      const header = Buffer.from(bytes);
      header[60] ^= 1;
      expect(await refusal(header)).toMatch(/header is damaged/);
    });

    it('another format, or not a snapshot', async () => {
      const bytes = await write();
      const other = Buffer.from(bytes);
      other.writeUInt32LE(SNAPSHOT_FORMAT + 1, 8);
      expect(await refusal(other)).toMatch(`its format is ${SNAPSHOT_FORMAT + 1}`);
      expect(await refusal(Buffer.from('{"hello": "world"}'))).toMatch(/not a snapshot/);
      fs.rmSync(file);
      await expect(readSnapshotHeader(file)).rejects.toThrow('there is none');
    });

    it('a write that fails leaves the last snapshot as it was, and no temporary file', async () => {
      const bytes = await write();
      const broken = parts(
        { fine: Uint32Array.of(1) },
        {},
        { bad: { arrays: { x: [1, 2] as unknown as Uint32Array }, values: {}, children: {} } },
      );
      await expect(writeSnapshotFile(file, meta(4), broken)).rejects.toThrow(/typed arrays/);
      expect(fs.readFileSync(file).equals(bytes)).toBe(true);
      expect(fs.readdirSync(folder).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    });
  });
});
