// A port for a server a test starts and that listens only seconds later.
import { createServer } from 'node:net';

/**
 * A free port below Linux's ephemeral range (32768–60999): a port the system handed out for
 * listen(0) is one it may hand again to any outgoing connection while the app starts (seconds),
 * and the app's listen then failed with EADDRINUSE (CI, 2026-11-27). Random, so that two runs on
 * one machine seldom try the same one; each is checked free.
 */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    if (await isFree(port)) return port;
  }
  throw new Error('no free port in 20000–31999 (the e2e run: set E2E_PORT)');
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}
