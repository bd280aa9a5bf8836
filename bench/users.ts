import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { hashPassword } from '../server/accounts/passwords';
import { Random } from '../server/vocabulary/random';
import { startBenchServer, signIn, timedGet } from './server-under-test';
import { summarize } from './stats';

const ORDERINGS = ['first_name', 'last_name', 'email', 'date_joined', 'is_crowdsourcing', 'is_active'];
const TERMS = ['ann', 'smith', 'example', 'user12', 'lee', 'ma', 'zz-none'];

/** users-list p50/p95 over `count` users, 200 seeded queries (search, every ordering both ways, deep pages). */
export async function benchUsers(target: { databaseUrl?: string }, count = 10_000) {
  const dataDir = target.databaseUrl ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), 'bench-users-'));
  const server = await startBenchServer({ databaseUrl: target.databaseUrl, dataDir });
  try {
    const { db } = server.handle;
    await sql`TRUNCATE app_user CASCADE`.execute(db);
    const hash = await hashPassword('bench-password');
    const rng = new Random(7);
    const first = ['Ann', 'Bob', 'Chen', 'Dana', 'Eli', 'Fatima', 'Gus', 'Hana', 'Ivan', 'Jo', 'Kemal', 'Lee', 'Mara'];
    const last = ['Smith', 'Lee', 'García', 'Novak', 'Okafor', 'Tanaka', 'Müller', 'Rossi', 'Khan', 'Silva'];
    for (let start = 0; start < count; start += 1000) {
      const rows = Array.from({ length: Math.min(1000, count - start) }, (_, i) => ({
        email: `user${start + i}@example.test`,
        password_hash: hash,
        first_name: rng.pick(first),
        last_name: rng.pick(last),
        is_active: start + i === 0 || rng.chance(0.9),
        is_crowdsourcing: rng.chance(0.2),
        is_staff: start + i === 0,
        date_joined: new Date(Date.UTC(2025, 0, 1) + rng.int(0, 600) * 86_400_000),
      }));
      await db.insertInto('app_user').values(rows).execute();
    }
    await sql`ANALYZE app_user`.execute(db);
    const token = await signIn(server.url, 'user0@example.test', 'bench-password');
    const pages = Math.ceil(count / 10);
    const queries = Array.from({ length: 200 }, (_, i) => {
      const q = new URLSearchParams();
      const ordering = rng.pick(ORDERINGS);
      q.set('ordering', rng.chance(0.5) ? `-${ordering}` : ordering);
      if (i % 3 === 0) q.set('search', rng.pick(TERMS));
      else q.set('page', String(rng.chance(0.2) ? rng.int(pages - 5, pages) : rng.int(1, 20)));
      q.set('page_size', '10');
      return `/api/v1/users?${q}`;
    });
    for (const q of queries.slice(0, 10)) await timedGet(server.url, token, q); // warm-up
    const durations: number[] = [];
    for (const q of queries) durations.push((await timedGet(server.url, token, q)).ms);
    return summarize(durations);
  } finally {
    await server.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
