// The demo's data operations: a history of executions for its data sources (successes, a retry
// that then succeeded, a failure with its exception) and, once the installation has its
// SECRET_KEY (first start), platform connections whose secrets are sealed with it.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { SecretBox } from '../accounts/secret-box';
import { findUserByEmail } from '../accounts/users';

const DAY = 86_400_000;
/** the demo's history ends a day before this (the dataset's own reference day) */
const HISTORY_END = Date.UTC(2026, 10, 1);

interface PastRun {
  daysAgo: number;
  minutes: number;
  status: 'SUCCESS' | 'FAILURE';
  attempts: number;
  trigger: 'manual' | 'schedule';
  share: { created: number; updated: number };
  result?: { exc_type: string; exc_message: string[] };
}

const HISTORY: Record<string, PastRun[]> = {
  'European Founders (public)': [
    { daysAgo: 21, minutes: 3, status: 'SUCCESS', attempts: 1, trigger: 'manual', share: { created: 1, updated: 0 } },
    { daysAgo: 14, minutes: 2, status: 'SUCCESS', attempts: 1, trigger: 'schedule', share: { created: 0, updated: 0.12 } },
    // a worker restart cut it short; the retry resumed after the last committed batch
    { daysAgo: 7, minutes: 4, status: 'SUCCESS', attempts: 2, trigger: 'schedule', share: { created: 0, updated: 0.09 } },
  ],
  'AI Researchers Watchlist': [
    { daysAgo: 10, minutes: 2, status: 'SUCCESS', attempts: 1, trigger: 'manual', share: { created: 1, updated: 0 } },
    {
      daysAgo: 2,
      minutes: 1,
      status: 'FAILURE',
      attempts: 4,
      trigger: 'manual',
      share: { created: 0, updated: 0 },
      result: {
        exc_type: 'ConnectorError',
        exc_message: ['The source answered 503 Service Unavailable four times in a row; the retrieval gave up after its retries.'],
      },
    },
  ],
  "Noah's Scouting": [
    { daysAgo: 5, minutes: 2, status: 'SUCCESS', attempts: 1, trigger: 'manual', share: { created: 1, updated: 0 } },
    { daysAgo: 1, minutes: 1, status: 'SUCCESS', attempts: 1, trigger: 'schedule', share: { created: 0, updated: 0.1 } },
  ],
};

export async function seedDemoExecutions(db: Kysely<Database>): Promise<void> {
  const sources = await db.selectFrom('data_source').select(['id', 'name', 'owner_id']).where('name', 'in', Object.keys(HISTORY)).execute();
  for (const source of sources) {
    const { rows } = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM profile WHERE data_source_ids @> ARRAY[${source.id}::int]`.execute(db);
    const held = Number(rows[0].n);
    for (const run of HISTORY[source.name]) {
      const created = new Date(HISTORY_END - run.daysAgo * DAY);
      const done = new Date(created.getTime() + run.minutes * 60_000);
      const made = Math.round(held * run.share.created);
      const updated = Math.round(held * run.share.updated);
      const processed = run.status === 'SUCCESS' ? held : Math.round(held / 3);
      await db
        .insertInto('execution')
        .values({
          data_source_id: source.id,
          data_source_name: source.name,
          owner_id: source.owner_id,
          started_by: run.trigger === 'manual' ? source.owner_id : null,
          trigger: run.trigger,
          status: run.status,
          attempts: run.attempts,
          checkpoint: processed,
          progress: JSON.stringify({ total: held, processed, created: made, updated, unchanged: processed - made - updated, failed: 0 }),
          row_errors: '[]',
          result: run.result ? JSON.stringify(run.result) : null,
          date_created: created,
          date_started: new Date(created.getTime() + 2_000),
          date_done: done,
        })
        .execute();
    }
  }
}

/** Platform connections of the demo accounts, sealed with this installation's key, and the data sources that use them (first start only). */
export async function seedDemoConnections(db: Kysely<Database>, secrets: SecretBox): Promise<void> {
  const existing = await db.selectFrom('platform_connection').select('id').limit(1).execute();
  const staff = await findUserByEmail(db, 'staff@demo.test');
  const user = await findUserByEmail(db, 'user@demo.test');
  if (existing.length || !staff || !user) return;
  const connection = (owner: number, category_type: string, parameters: Record<string, string>, secret: string[]) => ({
    owner_id: owner,
    category_type,
    connection_parameters: JSON.stringify(
      Object.fromEntries(Object.entries(parameters).map(([key, value]) => [key, secret.includes(key) ? secrets.seal(value) : value])),
    ),
  });
  const [header, pdl] = await db
    .insertInto('platform_connection')
    .values([
      connection(staff.id, 'http_header', { header_name: 'Authorization', header_value: 'Bearer demo-feed-token-0000' }, ['header_value']),
      connection(staff.id, 'people_data_labs', { api_key: 'demo-pdl-key-not-real-1234', base_url: 'https://api.peopledatalabs.com/v5' }, [
        'api_key',
      ]),
      connection(
        user.id,
        'openai_compatible',
        { base_url: 'http://localhost:11434/v1', api_key: 'demo-llm-key-5678', model: 'llama3.1:8b' },
        ['api_key'],
      ),
    ])
    .returning('id')
    .execute();
  // the integrations' data sources (they need the connections' ids): retrieved by hand only,
  // since the demo's feed and key are examples
  const source = (
    owner: number,
    name: string,
    source_type: string,
    is_public: boolean,
    additional_data: Record<string, string | string[]>,
  ) => ({
    owner_id: owner,
    name,
    source_type,
    is_public,
    cron_schedule: null,
    additional_data: JSON.stringify(additional_data),
  });
  await db
    .insertInto('data_source')
    .values([
      source(staff.id, 'Partner talent feed', 'profile_feed', false, {
        url: 'https://feeds.example.org/talent/people.ndjson',
        format: 'ndjson',
        auth_connection: String(header.id),
      }),
      source(user.id, 'Open alumni export (public)', 'profile_feed', true, {
        url: 'https://alumni.example.edu/export/people.csv',
        format: 'csv',
      }),
      source(staff.id, 'PDL: founders in Berlin (public)', 'people_data_labs', true, {
        mode: 'search',
        query: "SELECT * FROM person WHERE job_title_role='founder' AND location_locality='berlin'",
        max_profiles: '50',
        connection: String(pdl.id),
      }),
      source(staff.id, 'PDL: enrich the watchlist', 'people_data_labs', false, {
        mode: 'enrich',
        profiles: ['https://www.linkedin.com/in/example-researcher'],
        max_profiles: '10',
        connection: String(pdl.id),
      }),
    ])
    .execute();
}
