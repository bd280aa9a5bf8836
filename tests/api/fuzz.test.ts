// Every operation of the OpenAPI description (/api/docs/json), fuzzed with
// fast-check: valid and invalid values for every parameter and body field, sent
// as anonymous, crowdsourcing, normal and staff users. Whatever was sent:
//   - never a 5xx;
//   - every 4xx is {"errors": ["…"]} (+ optional "fields");
//   - a refused write (4xx) changed nothing in the application tables;
//   - every 2xx matches the response schema the document gives;
//   - an operation without a body takes an empty JSON body as no body.
// Operations are read from the document: one added later is fuzzed without a change here.
//
// FUZZ_RUNS (requests in all, default 3000) and FUZZ_SEED (default fixed) tune it;
// `npm run fuzz -- --runs 20000` is the long run (tests/api/fuzz/run.ts).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect } from 'vitest';
import { it } from '@fast-check/vitest';
import { testDb } from './harness';
import { requestArbitrary } from './fuzz/requests';
import { startFuzzWorld } from './fuzz/world';

const RUNS = Number(process.env.FUZZ_RUNS ?? 3000);
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
/** FUZZ_KEEP_GOING=1: an operation's test sends all its requests and fails at the end with every distinct problem (no shrinking) */
const KEEP_GOING = process.env.FUZZ_KEEP_GOING === '1';

const world = await startFuzzWorld();
const started = Date.now();
// deletions last: the rows they remove are the ones the other operations' requests aim at
const operations = [...world.operations.filter((op) => op.method !== 'DELETE'), ...world.operations.filter((op) => op.method === 'DELETE')];
const runsPerOperation = Math.max(1, Math.ceil(RUNS / Math.max(1, operations.length)));
const failures: string[] = [];

/** A seed per operation, so that one operation's requests do not depend on how many others there are. */
function seedOf(operationId: string): number {
  let hash = SEED | 0;
  for (const char of operationId) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
}

afterAll(async () => {
  const seconds = (Date.now() - started) / 1000;
  const requests = [...world.stats.values()].reduce((n, s) => n + s.requests, 0);
  const summary = {
    database: testDb,
    seed: SEED,
    runsPerOperation,
    operations: operations.length,
    requests,
    seconds: Math.round(seconds * 10) / 10,
    failures,
    byOperation: Object.fromEntries(world.stats),
  };
  const folder = path.resolve(import.meta.dirname, '../../test-results/fuzz');
  mkdirSync(folder, { recursive: true });
  writeFileSync(path.join(folder, `summary-${testDb}.json`), `${JSON.stringify(summary, null, 2)}\n`);
  console.log(
    `fuzz (${testDb}): ${requests} requests to ${operations.length} operations in ${summary.seconds} s, seed ${SEED}, ${failures.length} failing operation(s)`,
  );
  await world.close();
});

describe(`every operation of /api/docs/json, fuzzed (${runsPerOperation} requests each, seed ${SEED})`, () => {
  it('the document lists operations', () => {
    expect(operations.length).toBeGreaterThan(0);
  });

  it('the table fingerprint sees a changed row, and not a token merely used', async () => {
    const before = await world.fingerprint();
    const owner = await world.db.selectFrom('app_user').select('id').orderBy('id').executeTakeFirstOrThrow();
    const row = await world.db
      .insertInto('saved_search')
      .values({ name: 'probe', url: '', entity: 'Profile', owner_id: owner.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    const changed = await world.fingerprint();
    await world.db.deleteFrom('saved_search').where('id', '=', row.id).execute();
    expect(changed.get('saved_search')).not.toBe(before.get('saved_search'));
    expect(await world.fingerprint()).toEqual(before);
    // what every authenticated request may do to its token (slide its expiry, stamp its use)
    await world.db
      .updateTable('auth_token')
      .set({ last_used_at: new Date(0), expires_at: new Date('2100-01-01T00:00:00Z') })
      .execute();
    expect(await world.fingerprint()).toEqual(before);
  });

  for (const op of operations) {
    let requests: ReturnType<typeof requestArbitrary>;
    try {
      requests = requestArbitrary(op, world.context);
    } catch (error) {
      // a schema the generators cannot read is a failure of this operation, not a skip
      it(op.id, () => {
        throw new Error(`no request could be generated for ${op.id}: ${(error as Error).stack ?? error}`);
      });
      continue;
    }
    // time for the slow ones (password hashing) on a busy machine; the result never depends on it
    const timeout = 60_000 + runsPerOperation * 1000;
    const seen = new Map<string, string>();
    let runs = 0;
    it.prop([requests], { seed: seedOf(op.id), numRuns: runsPerOperation, endOnFailure: KEEP_GOING })(
      op.id,
      async (request) => {
        runs += 1;
        const { response, problems } = await world.exercise(op, request);
        if (problems.length && !failures.includes(op.id)) failures.push(op.id);
        if (!KEEP_GOING) {
          if (problems.length) throw new Error(`${op.id}: ${problems.join('; ')}\n${world.describe(request, response)}`);
          return;
        }
        for (const problem of problems) if (!seen.has(problem) && seen.size < 30) seen.set(problem, world.describe(request, response));
        if (runs >= runsPerOperation && seen.size) {
          throw new Error(
            `${op.id}: ${seen.size} distinct problem(s)\n\n${[...seen].map(([problem, example]) => `${problem}\n${example}`).join('\n\n')}`,
          );
        }
      },
      timeout,
    );
  }

  it('sent requests to every operation of the document', () => {
    const silent = operations.filter((op) => (world.stats.get(op.id)?.requests ?? 0) === 0).map((op) => op.id);
    expect(silent, 'operations that got no request at all').toEqual([]);
  });
});
