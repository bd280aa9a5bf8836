import { createHash } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * The embedded database allows one process on DATA_DIR, and the running server is it: a backup
 * taken while it runs has to be made by the server itself. The process that holds DATA_DIR listens
 * on a Unix socket (a file beside the lock, readable by its owner only: nothing reaches it over
 * the network and it needs no account) and answers each connection with one snapshot — the
 * CLI's `backup` asks there when the lock is taken.
 *
 * Protocol: the client writes one line `snapshot\n`; the server answers one JSON line
 * (`{"ok":true,"bytes":N}` then N bytes, or `{"ok":false,"error":"…"}`) and closes.
 */

/** Unix socket paths are limited to ~107 bytes: a long DATA_DIR gets one in the temporary folder, named after it. */
export function snapshotSocketPath(dataDir: string): string {
  const beside = path.join(path.resolve(dataDir), 'backup.sock');
  if (Buffer.byteLength(beside) <= 100) return beside;
  const id = createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 16);
  return path.join(os.tmpdir(), `talent-backup-${id}.sock`);
}

export interface SnapshotServer {
  close(): Promise<void>;
}

/** Listens for snapshot requests; `snapshot` makes one. Call only while holding DATA_DIR's lock. */
export async function serveSnapshots(dataDir: string, snapshot: () => Promise<Uint8Array>): Promise<SnapshotServer> {
  const socketPath = snapshotSocketPath(dataDir);
  // we hold the lock: a socket file left there is a dead process's
  fs.rmSync(socketPath, { force: true });
  const server = net.createServer((socket) => {
    socket.on('error', () => {}); // a client that went away
    let request = '';
    socket.on('data', (chunk) => {
      request += chunk;
      if (!request.includes('\n')) return;
      socket.removeAllListeners('data');
      if (request.trim() !== 'snapshot') {
        socket.end(`${JSON.stringify({ ok: false, error: `unknown request "${request.trim().slice(0, 40)}"` })}\n`);
        return;
      }
      snapshot().then(
        (bytes) => {
          socket.write(`${JSON.stringify({ ok: true, bytes: bytes.byteLength })}\n`);
          socket.end(bytes);
        },
        (error) => socket.end(`${JSON.stringify({ ok: false, error: (error as Error).message })}\n`),
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => {
      server.off('error', reject);
      resolve();
    });
  });
  fs.chmodSync(socketPath, 0o600);
  server.unref(); // never what keeps a process alive
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        fs.rmSync(socketPath, { force: true });
      }),
  };
}

/** Asks the process holding DATA_DIR for a snapshot. */
export function requestSnapshot(dataDir: string, timeoutMs = 10 * 60_000): Promise<Buffer> {
  const socketPath = snapshotSocketPath(dataDir);
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketPath);
    const chunks: Buffer[] = [];
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error(`no snapshot after ${timeoutMs / 1000} s`)));
    socket.on('connect', () => socket.write('snapshot\n'));
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const all = Buffer.concat(chunks);
      const newline = all.indexOf(10);
      let head: { ok: boolean; bytes?: number; error?: string };
      try {
        head = JSON.parse(all.subarray(0, newline).toString('utf8'));
      } catch {
        reject(new Error('the server answered something that is not a snapshot'));
        return;
      }
      if (!head.ok) return reject(new Error(head.error ?? 'the server could not make a snapshot'));
      const body = all.subarray(newline + 1);
      if (body.length !== head.bytes) return reject(new Error(`the snapshot was cut short (${body.length} of ${head.bytes} bytes)`));
      resolve(body);
    });
  });
}
