import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { issueDemoPasswords, seedDemoAccounts, type DemoAccount } from './accounts';
import type { DatabaseTemplate } from '../db/template';
import { seedDataset } from './dataset';
import { DEMO_SEED } from '../vocabulary/people';
import { findUserByEmail } from '../accounts/users';
import { setComment, setUserRating, setAppRating } from '../entities/profiles/repository';
import { createProfileList } from '../entities/profile-lists/repository';
import { createSavedSearch } from '../entities/searches/repository';
import { seedDemoExecutions } from './data-operations';
import { seedDemoSignals } from './signals';

export const DEMO_PROFILES = 240;
export const DEMO_COMPANIES = 48;

/** Seeds the demo dataset into an empty installation: accounts, profiles, and what users did with them. */
export async function seedDemo(db: Kysely<Database>): Promise<{ accounts: DemoAccount[] }> {
  const accounts = await seedDemoAccounts(db, await issueDemoPasswords());
  await seedDataset(db, { profiles: DEMO_PROFILES, companies: DEMO_COMPANIES, seed: DEMO_SEED });
  await seedInteractions(db);
  await seedDemoExecutions(db);
  await seedDemoSignals(db);
  return { accounts };
}

/**
 * A new embedded database with the demo data already in (what `npm start`
 * starts with): made once per install, its demo accounts get passwords on
 * first start (`renewDemoPasswords`). The key covers the code that fills it.
 */
export const DEMO_TEMPLATE: DatabaseTemplate = {
  name: 'demo',
  sources: [
    'server/demo',
    'server/vocabulary',
    'server/ingestion',
    'server/entities',
    'server/accounts',
    'server/db',
    'server/signals',
    'server/connectors',
    'server/connector-kit',
    'server/annotation',
    'types',
  ],
  async fill(db) {
    await seedDemoAccounts(db);
    await seedDataset(db, { profiles: DEMO_PROFILES, companies: DEMO_COMPANIES, seed: DEMO_SEED });
    await seedInteractions(db);
    await seedDemoExecutions(db);
    await seedDemoSignals(db);
  },
};

/** A few ratings, comments, a list and a saved search, so every screen has something to show. */
async function seedInteractions(db: Kysely<Database>): Promise<void> {
  const staff = await findUserByEmail(db, 'staff@demo.test');
  const user = await findUserByEmail(db, 'user@demo.test');
  if (!staff || !user) return;
  const visibleToUser = await db.selectFrom('profile').select('id').orderBy('id').limit(12).execute();
  const ids = visibleToUser.map((r) => r.id);
  for (const [i, id] of ids.slice(0, 6).entries()) {
    await setUserRating(db, id, user.id, 5 + i * 0.75);
    await setUserRating(db, id, staff.id, 9 - i);
    await setComment(
      db,
      id,
      staff.id,
      [
        'Strong technical founder profile; worth a call.',
        'Met at a demo day — follow up in Q1.',
        'Great research output, unclear commercial drive.',
      ][i % 3],
    );
    if (i % 2 === 0) await setComment(db, id, user.id, 'Shortlisted for the seed-stage programme.');
    if (i < 3) await setAppRating(db, id, 7.5 + i);
  }
  await createProfileList(db, user.id, { name: 'Shortlist — seed programme', profiles: ids.slice(0, 5) });
  await createProfileList(db, staff.id, { name: 'Technical founders to meet', profiles: ids.slice(4, 12) });
  await createSavedSearch(db, user.id, {
    name: 'Strong technical profiles',
    url: 'direction=desc&sort=tech_rating&tech_rating__gte=7&tech_rating__lte=10',
    entity: 'Profile',
  });
  await createSavedSearch(db, user.id, {
    name: 'Women in Germany and France',
    url: 'gender=female&nationalities=DE&nationalities=FR',
    entity: 'Profile',
  });
}
