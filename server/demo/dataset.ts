import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { hashPassword } from '../accounts/passwords';
import { findUserByEmail, insertUser } from '../accounts/users';
import { refreshProfileFilterOptions } from '../ingestion/profile-filter-options';
import { Random } from '../vocabulary/random';
import { makeCompany, makeProfile } from '../vocabulary/people';

export interface DatasetOptions {
  profiles: number;
  companies: number;
  seed: number;
  /** profiles per INSERT */
  batchSize?: number;
  onProgress?: (done: number, total: number) => void;
}

/** The demo's three data sources: one public, one private to staff, one private to the demo user. */
const DATA_SOURCES = [
  {
    name: 'European Founders (public)',
    source_type: 'synthetic',
    is_public: true,
    cron_schedule: '0 6 * * 1',
    owner: 'staff@demo.test',
    additional_data: { people: '300', seed: '4101', change_share: '10', countries: ['DE', 'FR', 'ES', 'IT', 'PL', 'SE', 'NL', 'PT', 'GB'] },
  },
  {
    name: 'AI Researchers Watchlist',
    source_type: 'synthetic',
    is_public: false,
    cron_schedule: null,
    owner: 'staff@demo.test',
    additional_data: { people: '120', seed: '4102', change_share: '20', countries: [] },
  },
  {
    name: "Noah's Scouting",
    source_type: 'synthetic',
    is_public: false,
    cron_schedule: '0 6 * * *',
    owner: 'user@demo.test',
    additional_data: { people: '200', seed: '4103', change_share: '10', countries: ['US', 'CA', 'BR'] },
  },
];

/** Whoever owns the dataset's sources: the demo account when present, else a first staff user, else a service account. */
async function ownerId(db: Kysely<Database>, email: string): Promise<number> {
  const demo = await findUserByEmail(db, email);
  if (demo) return demo.id;
  const staff = await db.selectFrom('app_user').select('id').where('is_staff', '=', true).orderBy('id').executeTakeFirst();
  if (staff) return staff.id;
  const service = await findUserByEmail(db, 'datasets@localhost');
  if (service) return service.id;
  return (
    await insertUser(db, {
      email: 'datasets@localhost',
      first_name: 'Datasets',
      password_hash: await hashPassword(crypto.randomUUID()),
      is_active: false,
    })
  ).id;
}

export async function ensureDataSources(db: Kysely<Database>): Promise<number[]> {
  const ids: number[] = [];
  for (const { owner, additional_data, ...source } of DATA_SOURCES) {
    const existing = await db.selectFrom('data_source').select('id').where('name', '=', source.name).executeTakeFirst();
    if (existing) {
      ids.push(existing.id);
      continue;
    }
    const row = await db
      .insertInto('data_source')
      .values({ ...source, additional_data: JSON.stringify(additional_data), owner_id: await ownerId(db, owner) })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  return ids;
}

/**
 * Adds `profiles` generated profiles (after those already there, so it can be
 * run again to grow a set), `companies` companies, connections of degree 1–3,
 * then refreshes what the filters offer.
 */
export async function seedDataset(db: Kysely<Database>, options: DatasetOptions): Promise<{ profiles: number; companies: number }> {
  const { seed, batchSize = 500 } = options;
  const dataSourceIds = await ensureDataSources(db);

  const existingCompanies = Number((await db.selectFrom('company').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n);
  for (let start = existingCompanies; start < options.companies; start += batchSize) {
    const rows = Array.from({ length: Math.min(batchSize, options.companies - start) }, (_, i) => ({
      ...makeCompany(seed, start + i),
      data_source_ids: Random.forItem(seed + 2, start + i)
        .sample(dataSourceIds, 1 + ((start + i) % 2))
        .sort((a, b) => a - b),
    }));
    await db
      .insertInto('company')
      .values(rows)
      .onConflict((oc) => oc.column('external_id').doNothing())
      .execute();
  }
  const companies = await db.selectFrom('company').select(['id', 'name']).orderBy('id').execute();

  const firstIndex = Number((await db.selectFrom('profile').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n);
  let done = 0;
  for (let start = firstIndex; start < firstIndex + options.profiles; start += batchSize) {
    const size = Math.min(batchSize, firstIndex + options.profiles - start);
    const generated = Array.from({ length: size }, (_, i) => makeProfile(seed, start + i, companies, dataSourceIds));
    await db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('profile')
        .values(generated.map((g) => g.profile))
        .returning('id')
        .execute();
      await trx
        .insertInto('profile_detail')
        .values(inserted.map((row, i) => ({ profile_id: row.id, ...generated[i].detail })))
        .execute();
      // people connect within their batch: every target exists, whatever gaps the ids have
      const links = inserted.flatMap((row, i) => {
        const rng = Random.forItem(seed + 3, start + i);
        const count = rng.int(0, 4);
        const targets = new Set<number>();
        for (let k = 0; k < count * 2 && targets.size < count && inserted.length > 1; k++) {
          const target = rng.pick(inserted).id;
          if (target !== row.id) targets.add(target);
        }
        return [...targets].map((target) => ({ profile_id: row.id, connected_profile_id: target, degree: rng.int(1, 3) }));
      });
      if (links.length)
        await trx
          .insertInto('profile_connection')
          .values(links)
          .onConflict((oc) => oc.doNothing())
          .execute();
    });
    done += size;
    options.onProgress?.(done, options.profiles);
  }
  await refreshProfileFilterOptions(db, dataSourceIds);
  return { profiles: done, companies: companies.length };
}
