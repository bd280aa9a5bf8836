// Ingestion of one batch of a source's records, in one transaction: companies upserted by
// external_id, profiles upserted by external_id with their nested lists replaced whole, the
// link to the data source kept, a change-log row per real change, and the caller's progress
// (execution counts and checkpoint) in the same transaction — a batch is all there or not at
// all, and the same input twice changes nothing. Bulk statements take their rows as one JSON
// parameter (jsonb_to_recordset): a batch is a handful of statements whatever its size.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { SourceItem } from '../connectors/types';
import type { ImportCompany, ImportProfile } from '../connectors/import-format';
import { LIST_FIELDS } from '../connectors/import-format';
import type { Annotator } from '../annotation/types';
import { planPerson, storedLists, type PersonPlan, type StoredProfile } from './diff';

export interface BatchCounts {
  created: number;
  updated: number;
  unchanged: number;
  failed: number;
  /** reasons of the failed records */
  errors: string[];
}

export interface BatchInput {
  dataSourceId: number;
  executionId: number | null;
  items: SourceItem[];
  annotator: Annotator;
  signal?: AbortSignal;
}

const json = (value: unknown) => JSON.stringify(value);

/** Ingests a batch; `commit` runs last inside its transaction (progress, checkpoint). */
export async function ingestBatch(db: Kysely<Database>, input: BatchInput, commit?: (trx: Transaction<Database>, counts: BatchCounts) => Promise<void>): Promise<BatchCounts> {
  const counts: BatchCounts = { created: 0, updated: 0, unchanged: 0, failed: 0, errors: [] };
  const people = new Map<string, ImportProfile>();
  for (const item of input.items) {
    if ('error' in item) {
      counts.failed++;
      counts.errors.push(item.error);
    } else {
      // the same person twice in a batch: the later record wins, the earlier counts as unchanged
      if (people.has(item.profile.external_id)) counts.unchanged++;
      people.set(item.profile.external_id, item.profile);
    }
  }
  const persons = [...people.values()];
  // annotated before the transaction: a slow annotator never holds rows locked
  const annotations = persons.length ? await input.annotator.annotate(persons, input.signal) : [];
  const at = new Date().toISOString();
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(async (trx) => {
        const outcome = { ...counts, errors: [...counts.errors] };
        if (persons.length) await writePeople(trx, input, persons, annotations, at, outcome);
        await commit?.(trx, outcome);
        return outcome;
      });
    } catch (error) {
      // another retrieval inserted one of these people meanwhile, or locked the same rows: again
      const code = (error as { code?: string }).code;
      if ((code === '23505' || code === '40P01') && attempt < 3) continue;
      throw error;
    }
  }
}

async function writePeople(trx: Transaction<Database>, input: BatchInput, persons: ImportProfile[], annotations: Awaited<ReturnType<Annotator['annotate']>>, at: string, counts: BatchCounts): Promise<void> {
  const companyIds = await upsertCompanies(trx, persons, input.dataSourceId);
  const stored = await readStored(trx, persons.map((p) => p.external_id));
  const plans = persons.map((person, i) => ({ person, plan: planPerson(person, annotations[i].annotation, { name: annotations[i].annotator, model: annotations[i].model }, storedLists(person, companyIds), stored.get(person.external_id), input.dataSourceId, at) }));
  const created = plans.filter(({ plan }) => plan.changes === null);
  const changed = plans.filter(({ plan }) => plan.changes !== null && plan.changes.length > 0);
  counts.created += created.length;
  counts.updated += changed.length;
  counts.unchanged += plans.length - created.length - changed.length;

  const ids = new Map<string, number>();
  if (created.length) {
    const rows = created.map(({ person, plan }) => ({ external_id: person.external_id, ...plan.values, annotation_provenance: plan.provenance }));
    const { rows: inserted } = await sql<{ id: number; external_id: string }>`
      INSERT INTO profile (external_id, first_name, last_name, email, location, headline, image_url, current_company,
        age_value, gender_value, summary, nationalities, tech_rating, education_rating, professional_experience_rating,
        entrepreneurial_spirit_rating, annotation_provenance, data_source_ids)
      SELECT r.external_id, r.first_name, r.last_name, r.email, r.location, r.headline, r.image_url, r.current_company,
        r.age_value, r.gender_value, r.summary, coalesce(r.nationalities, '{}'), r.tech_rating, r.education_rating,
        r.professional_experience_rating, r.entrepreneurial_spirit_rating, r.annotation_provenance, ARRAY[${input.dataSourceId}::int]
      FROM jsonb_to_recordset(${json(rows)}::jsonb) AS r(external_id text, first_name text, last_name text, email text,
        location text, headline text, image_url text, current_company text, age_value int, gender_value text, summary text,
        nationalities jsonb, tech_rating float8, education_rating float8, professional_experience_rating float8,
        entrepreneurial_spirit_rating float8, annotation_provenance jsonb)
      RETURNING id, external_id`.execute(trx);
    for (const row of inserted) ids.set(row.external_id, row.id);
  }
  if (changed.length) {
    const rows = changed.map(({ person, plan }) => ({ id: stored.get(person.external_id)!.id, ...plan.values, annotation_provenance: plan.provenance }));
    await sql`
      UPDATE profile p SET first_name = r.first_name, last_name = r.last_name, email = r.email, location = r.location,
        headline = r.headline, image_url = r.image_url, current_company = r.current_company, age_value = r.age_value,
        gender_value = r.gender_value, summary = r.summary, nationalities = coalesce(r.nationalities, '{}'),
        tech_rating = r.tech_rating, education_rating = r.education_rating,
        professional_experience_rating = r.professional_experience_rating,
        entrepreneurial_spirit_rating = r.entrepreneurial_spirit_rating, annotation_provenance = r.annotation_provenance,
        data_source_ids = CASE WHEN p.data_source_ids @> ARRAY[${input.dataSourceId}::int] THEN p.data_source_ids
          ELSE p.data_source_ids || ${input.dataSourceId}::int END,
        updated_at = now()
      FROM jsonb_to_recordset(${json(rows)}::jsonb) AS r(id int, first_name text, last_name text, email text,
        location text, headline text, image_url text, current_company text, age_value int, gender_value text, summary text,
        nationalities jsonb, tech_rating float8, education_rating float8, professional_experience_rating float8,
        entrepreneurial_spirit_rating float8, annotation_provenance jsonb)
      WHERE p.id = r.id`.execute(trx);
    for (const { person } of changed) ids.set(person.external_id, stored.get(person.external_id)!.id);
  }
  const details = [...created, ...changed.filter(({ plan }) => plan.listsChanged)].map(({ person, plan }) => ({ profile_id: ids.get(person.external_id)!, ...plan.lists }));
  if (details.length) {
    const columns = sql.raw(LIST_FIELDS.join(', '));
    await sql`
      INSERT INTO profile_detail (profile_id, ${columns})
      SELECT r.profile_id, ${sql.raw(LIST_FIELDS.map((f) => `coalesce(r.${f}, '[]')`).join(', '))}
      FROM jsonb_to_recordset(${json(details)}::jsonb) AS r(profile_id int, ${sql.raw(LIST_FIELDS.map((f) => `${f} jsonb`).join(', '))})
      ON CONFLICT (profile_id) DO UPDATE SET ${sql.raw(LIST_FIELDS.map((f) => `${f} = EXCLUDED.${f}`).join(', '))}`.execute(trx);
  }
  const log = [
    ...created.map(({ person }) => ({ profile_id: ids.get(person.external_id)!, field: 'profile', old_value: null, new_value: 'created' })),
    ...changed.flatMap(({ person, plan }) => (plan as PersonPlan).changes!.map((change) => ({ profile_id: ids.get(person.external_id)!, ...change }))),
  ];
  if (log.length) {
    await sql`
      INSERT INTO profile_change (profile_id, execution_id, field, old_value, new_value)
      SELECT r.profile_id, ${input.executionId}::int, r.field, r.old_value, r.new_value
      FROM jsonb_to_recordset(${json(log)}::jsonb) AS r(profile_id int, field text, old_value jsonb, new_value jsonb)`.execute(trx);
  }
}

/** Companies of the people's jobs that name an external_id: inserted, or updated when they differ; their ids. */
async function upsertCompanies(trx: Transaction<Database>, persons: ImportProfile[], dataSourceId: number): Promise<Map<string, number>> {
  const byExternalId = new Map<string, ImportCompany>();
  for (const person of persons) for (const job of person.jobs) if (job.company?.external_id) byExternalId.set(job.company.external_id, job.company);
  if (byExternalId.size === 0) return new Map();
  // in one order, so that two retrievals sharing companies lock them alike (no deadlock)
  const rows = [...byExternalId.values()].map((c) => ({ ...c, name: c.name ?? c.external_id })).sort((a, b) => (a.external_id! < b.external_id! ? -1 : 1));
  await sql`
    INSERT INTO company AS c (external_id, name, description, year_founded, location, industry, company_size, data_source_ids)
    SELECT r.external_id, r.name, r.description, r.year_founded, r.location, r.industry, r.company_size, ARRAY[${dataSourceId}::int]
    FROM jsonb_to_recordset(${json(rows)}::jsonb) AS r(external_id text, name text, description text, year_founded int,
      location text, industry text, company_size text)
    ON CONFLICT (external_id) DO UPDATE SET
      name = EXCLUDED.name,
      description = coalesce(EXCLUDED.description, c.description),
      year_founded = coalesce(EXCLUDED.year_founded, c.year_founded),
      location = coalesce(EXCLUDED.location, c.location),
      industry = coalesce(EXCLUDED.industry, c.industry),
      company_size = coalesce(EXCLUDED.company_size, c.company_size),
      data_source_ids = CASE WHEN c.data_source_ids @> ARRAY[${dataSourceId}::int] THEN c.data_source_ids ELSE c.data_source_ids || ${dataSourceId}::int END,
      updated_at = now()
    WHERE c.name IS DISTINCT FROM EXCLUDED.name
      OR (EXCLUDED.description IS NOT NULL AND c.description IS DISTINCT FROM EXCLUDED.description)
      OR (EXCLUDED.year_founded IS NOT NULL AND c.year_founded IS DISTINCT FROM EXCLUDED.year_founded)
      OR (EXCLUDED.location IS NOT NULL AND c.location IS DISTINCT FROM EXCLUDED.location)
      OR (EXCLUDED.industry IS NOT NULL AND c.industry IS DISTINCT FROM EXCLUDED.industry)
      OR (EXCLUDED.company_size IS NOT NULL AND c.company_size IS DISTINCT FROM EXCLUDED.company_size)
      OR NOT c.data_source_ids @> ARRAY[${dataSourceId}::int]`.execute(trx);
  const found = await trx.selectFrom('company').select(['id', 'external_id']).where('external_id', 'in', [...byExternalId.keys()]).execute();
  return new Map(found.map((row) => [row.external_id, row.id]));
}

/** The stored profiles of these external ids, locked for this transaction. */
async function readStored(trx: Transaction<Database>, externalIds: string[]): Promise<Map<string, StoredProfile>> {
  const { rows } = await sql<Omit<StoredProfile, 'lists'> & Record<string, unknown>>`
    SELECT p.id, p.external_id, p.first_name, p.last_name, p.email, p.location, p.headline, p.image_url, p.current_company,
      p.age_value, p.gender_value, p.summary, p.nationalities, p.tech_rating, p.education_rating,
      p.professional_experience_rating, p.entrepreneurial_spirit_rating, p.data_source_ids, p.annotation_provenance,
      d.profile_id AS detail_id, ${sql.raw(LIST_FIELDS.map((f) => `d.${f}`).join(', '))}
    FROM profile p LEFT JOIN profile_detail d ON d.profile_id = p.id
    WHERE p.external_id = ANY(${externalIds}::text[])
    ORDER BY p.id
    FOR UPDATE OF p`.execute(trx);
  return new Map(rows.map((row) => {
    const lists = row.detail_id === null ? null : Object.fromEntries(LIST_FIELDS.map((f) => [f, row[f]]));
    return [row.external_id, { ...row, lists } as StoredProfile];
  }));
}
