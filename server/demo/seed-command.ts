import type { Kysely } from 'kysely';
import { parseArgs } from 'node:util';
import type { Database } from '../db/schema';
import { seedDemo } from './seed';
import { seedDataset } from './dataset';
import { DEMO_SEED } from '../vocabulary/people';
import { describeAccounts } from './accounts';
import { withoutSecondaryIndexes } from './bulk-load';

export const SEED_HELP = `seed                        the demo dataset (accounts, ~240 profiles) into an empty database
seed --profiles N           add N generated profiles (and --companies M, default N/500, at least 40)
     [--seed S] [--batch B] deterministic for a given seed; B profiles per insert (default 1000)`;

/** `npm run seed -- [--profiles N] …`: the demo dataset, or a big generated one with a progress bar. */
export async function runSeed(db: Kysely<Database>, argv: string[], appUrl = 'http://localhost:8000'): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: { profiles: { type: 'string' }, companies: { type: 'string' }, seed: { type: 'string' }, batch: { type: 'string' } },
    strict: true,
  });
  if (values.profiles === undefined) {
    const { accounts } = await seedDemo(db);
    if (accounts.length) console.log(describeAccounts(accounts, appUrl));
    console.log('Demo dataset ready.');
    return;
  }
  const profiles = positive('--profiles', values.profiles);
  const companies = values.companies ? positive('--companies', values.companies) : Math.max(40, Math.round(profiles / 500));
  const seed = values.seed ? positive('--seed', values.seed) : DEMO_SEED + 1;
  const batchSize = values.batch ? positive('--batch', values.batch) : 1000;

  const { default: cliProgress } = await import('cli-progress');
  const bar = new cliProgress.SingleBar(
    { format: 'profiles |{bar}| {percentage}% {value}/{total} · {rate}/s · ETA {eta_formatted}', hideCursor: true },
    cliProgress.Presets.shades_classic,
  );
  const started = Date.now();
  bar.start(profiles, 0, { rate: 0 });
  const load = () =>
    seedDataset(db, {
      profiles,
      companies,
      seed,
      batchSize,
      onProgress: (done) => bar.update(done, { rate: Math.round(done / Math.max(0.001, (Date.now() - started) / 1000)) }),
    });
  // a big load drops and rebuilds the secondary indexes; a small one is not worth it
  const result =
    profiles >= 50_000
      ? await withoutSecondaryIndexes(db, ['profile', 'profile_detail', 'profile_connection', 'company'], load, (m) => {
          bar.stop();
          console.log(m);
        })
      : await load();
  bar.stop();
  console.log(
    `Added ${result.profiles} profiles (${result.companies} companies in all) in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
}

function positive(flag: string, value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${flag} must be a positive integer, got "${value}"`);
  return n;
}
