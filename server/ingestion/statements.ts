// The SQL of an ingestion batch. Bulk statements take their rows as one JSON parameter
// (jsonb_to_recordset): a batch is a handful of statements whatever its size.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { ImportCompany } from '../connector-kit/import-format';
import { LIST_FIELDS } from '../connector-kit/import-format';
import type { FieldChange, ProfileValues, StoredLists, StoredProfile } from './diff';
import type { AnnotationProvenance } from '../db/schema';

type Db = Kysely<Database>;
const json = (value: unknown) => JSON.stringify(value);

const VALUE_COLUMNS = `first_name text, last_name text, email text, location text, headline text, image_url text,
  current_company text, age_value int, gender_value text, summary text, nationalities jsonb, tech_rating float8,
  education_rating float8, professional_experience_rating float8, entrepreneurial_spirit_rating float8,
  annotation_provenance jsonb`;
const LIST_COLUMNS = LIST_FIELDS.map((f) => `${f} jsonb`).join(', ');
const LIST_NAMES = LIST_FIELDS.join(', ');
const LIST_VALUES = (alias: string) => LIST_FIELDS.map((f) => `coalesce(${alias}.${f}, '[]')`).join(', ');

/** annotation_provenance null: the batch's */
export type NewProfileRow = { external_id: string } & ProfileValues & {
    annotation_provenance: Record<string, AnnotationProvenance> | null;
  } & StoredLists;
export type ChangedProfileRow = { id: number } & ProfileValues & { annotation_provenance: Record<string, AnnotationProvenance> };
export type DetailRow = { profile_id: number } & StoredLists;
export type ChangeRow = { profile_id: number } & FieldChange;
/** Rows serialized ahead (while the previous batch is written), so that a transaction waits on no JSON.stringify. */
export type RowsJson<Row> = string & { readonly rows?: Row };

/** A batch's companies sorted by external_id: two retrievals sharing companies lock them alike (no deadlock). */
export function companyRows(companies: Iterable<ImportCompany>): ImportCompany[] {
  return [...companies].map((c) => ({ ...c, name: c.name ?? c.external_id })).sort((a, b) => (a.external_id! < b.external_id! ? -1 : 1));
}

const COMPANY_DETAILS = ['description', 'year_founded', 'location', 'industry', 'company_size'] as const;

/**
 * The companies of a batch as stored now (no lock), and those a write must insert or update:
 * new ones, and those whose name or a given detail differs or that lack the data source. The
 * others are not written, so that retrievals sharing companies do not wait on each other's locks.
 */
export async function readCompanies(
  db: Db,
  rows: ImportCompany[],
  dataSourceId: number,
): Promise<{ ids: Map<string, number>; toWrite: ImportCompany[] }> {
  if (rows.length === 0) return { ids: new Map(), toWrite: [] };
  const stored = await db
    .selectFrom('company')
    .select(['id', 'external_id', 'name', ...COMPANY_DETAILS, 'data_source_ids'])
    .where(
      'external_id',
      'in',
      rows.map((row) => row.external_id!),
    )
    .execute();
  const byExternalId = new Map(stored.map((row) => [row.external_id, row]));
  const toWrite = rows.filter((row) => {
    const now = byExternalId.get(row.external_id!);
    return (
      !now ||
      now.name !== row.name ||
      !now.data_source_ids.includes(dataSourceId) ||
      COMPANY_DETAILS.some((field) => row[field] != null && row[field] !== now[field])
    );
  });
  return { ids: new Map(stored.map((row) => [row.external_id, row.id])), toWrite };
}

/** Companies inserted, or updated when they differ (locked either way); the ids of all of them, in one statement. */
export async function upsertCompanies(db: Db, rows: ImportCompany[], dataSourceId: number): Promise<Map<string, number>> {
  if (rows.length === 0) return new Map();
  const { rows: found } = await sql<{ id: number; external_id: string }>`
    WITH r AS (
      SELECT * FROM jsonb_to_recordset(${json(rows)}::jsonb) AS r(external_id text, name text, description text,
        year_founded int, location text, industry text, company_size text)),
    written AS (
      INSERT INTO company AS c (external_id, name, description, year_founded, location, industry, company_size, data_source_ids)
      SELECT r.external_id, r.name, r.description, r.year_founded, r.location, r.industry, r.company_size, ARRAY[${dataSourceId}::int] FROM r
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
        OR NOT c.data_source_ids @> ARRAY[${dataSourceId}::int]
      RETURNING c.id, c.external_id)
    SELECT id, external_id FROM written
    UNION ALL
    -- the untouched ones (the statement's snapshot does not see what it wrote itself)
    SELECT c.id, c.external_id FROM company c JOIN r USING (external_id)
    WHERE NOT EXISTS (SELECT 1 FROM written w WHERE w.external_id = c.external_id)`.execute(db);
  return new Map(found.map((row) => [row.external_id, row.id]));
}

/** The stored profiles of these external ids with their details; locked for the transaction when `lock`. */
export async function readStored(db: Db, externalIds: string[], lock: boolean): Promise<Map<string, StoredProfile>> {
  if (externalIds.length === 0) return new Map();
  const { rows } = await sql<Omit<StoredProfile, 'lists'> & Record<string, unknown>>`
    SELECT p.id, p.external_id, p.first_name, p.last_name, p.email, p.location, p.headline, p.image_url, p.current_company,
      p.age_value, p.gender_value, p.summary, p.nationalities, p.tech_rating, p.education_rating,
      p.professional_experience_rating, p.entrepreneurial_spirit_rating, p.data_source_ids, p.annotation_provenance,
      d.profile_id AS detail_id, ${sql.raw(LIST_FIELDS.map((f) => `d.${f}`).join(', '))},
      p.xmin::text || '/' || coalesce(d.xmin::text, '') AS version
    FROM profile p LEFT JOIN profile_detail d ON d.profile_id = p.id
    WHERE p.external_id = ANY(${externalIds}::text[])
    ORDER BY p.id
    ${sql.raw(lock ? 'FOR UPDATE OF p' : '')}`.execute(db);
  return new Map(
    rows.map((row) => {
      const lists = row.detail_id === null ? null : Object.fromEntries(LIST_FIELDS.map((f) => [f, row[f]]));
      return [row.external_id, { ...row, lists } as StoredProfile];
    }),
  );
}

/**
 * Locks the stored profiles of these external ids for the transaction; the version of each
 * (its row's and its detail's): a planned batch is written as planned only if none moved.
 */
export async function lockVersions(db: Db, externalIds: string[]): Promise<Map<string, string>> {
  const { rows } = await sql<{ external_id: string; version: string }>`
    SELECT p.external_id, p.xmin::text || '/' || coalesce(d.xmin::text, '') AS version
    FROM profile p LEFT JOIN profile_detail d ON d.profile_id = p.id
    WHERE p.external_id = ANY(${externalIds}::text[])
    ORDER BY p.id
    FOR UPDATE OF p`.execute(db);
  return new Map(rows.map((row) => [row.external_id, row.version]));
}

/** New profiles with their details and their 'created' change-log rows, in one statement. */
export function insertProfiles(
  db: Db,
  rows: RowsJson<NewProfileRow>,
  batchProvenance: string,
  dataSourceId: number,
  executionId: number | null,
) {
  return sql`
    WITH r AS (
      SELECT * FROM jsonb_to_recordset(${rows}::jsonb) AS r(external_id text, ${sql.raw(VALUE_COLUMNS)}, ${sql.raw(LIST_COLUMNS)})),
    inserted AS (
      INSERT INTO profile (external_id, first_name, last_name, email, location, headline, image_url, current_company,
        age_value, gender_value, summary, nationalities, tech_rating, education_rating, professional_experience_rating,
        entrepreneurial_spirit_rating, annotation_provenance, data_source_ids)
      SELECT r.external_id, r.first_name, r.last_name, r.email, r.location, r.headline, r.image_url, r.current_company,
        r.age_value, r.gender_value, r.summary, coalesce(r.nationalities, '{}'), r.tech_rating, r.education_rating,
        r.professional_experience_rating, r.entrepreneurial_spirit_rating, coalesce(r.annotation_provenance, ${batchProvenance}::jsonb),
        ARRAY[${dataSourceId}::int]
      FROM r
      RETURNING id, external_id),
    details AS (
      INSERT INTO profile_detail (profile_id, ${sql.raw(LIST_NAMES)})
      SELECT i.id, ${sql.raw(LIST_VALUES('r'))} FROM inserted i JOIN r USING (external_id))
    INSERT INTO profile_change (profile_id, execution_id, field, old_value, new_value)
    SELECT i.id, ${executionId}::int, 'profile', NULL, '"created"'::jsonb FROM inserted i`.execute(db);
}

/** Changed profiles' values (and their link to the data source). */
export function updateProfiles(db: Db, rows: RowsJson<ChangedProfileRow>, dataSourceId: number) {
  return sql`
    UPDATE profile p SET first_name = r.first_name, last_name = r.last_name, email = r.email, location = r.location,
      headline = r.headline, image_url = r.image_url, current_company = r.current_company, age_value = r.age_value,
      gender_value = r.gender_value, summary = r.summary, nationalities = coalesce(r.nationalities, '{}'),
      tech_rating = r.tech_rating, education_rating = r.education_rating,
      professional_experience_rating = r.professional_experience_rating,
      entrepreneurial_spirit_rating = r.entrepreneurial_spirit_rating, annotation_provenance = r.annotation_provenance,
      data_source_ids = CASE WHEN p.data_source_ids @> ARRAY[${dataSourceId}::int] THEN p.data_source_ids
        ELSE p.data_source_ids || ${dataSourceId}::int END,
      updated_at = now()
    FROM jsonb_to_recordset(${rows}::jsonb) AS r(id int, ${sql.raw(VALUE_COLUMNS)})
    WHERE p.id = r.id`.execute(db);
}

/** Nested lists replaced whole. */
export function upsertDetails(db: Db, rows: RowsJson<DetailRow>) {
  return sql`
    INSERT INTO profile_detail (profile_id, ${sql.raw(LIST_NAMES)})
    SELECT r.profile_id, ${sql.raw(LIST_VALUES('r'))}
    FROM jsonb_to_recordset(${rows}::jsonb) AS r(profile_id int, ${sql.raw(LIST_COLUMNS)})
    ON CONFLICT (profile_id) DO UPDATE SET ${sql.raw(LIST_FIELDS.map((f) => `${f} = EXCLUDED.${f}`).join(', '))}`.execute(db);
}

export function insertChanges(db: Db, rows: RowsJson<ChangeRow>, executionId: number | null) {
  return sql`
    INSERT INTO profile_change (profile_id, execution_id, field, old_value, new_value)
    SELECT r.profile_id, ${executionId}::int, r.field, r.old_value, r.new_value
    FROM jsonb_to_recordset(${rows}::jsonb) AS r(profile_id int, field text, old_value jsonb, new_value jsonb)`.execute(db);
}
