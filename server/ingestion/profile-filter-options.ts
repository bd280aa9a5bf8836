// What the profile filters offer (GET /profiles/dimensions/: data sources, nationalities, genders,
// rating ranges), per data source in the data_source_dimensions table: recomputed after each load
// of a data source (a scan of a million profiles is too slow for every page view), merged over
// the data sources a viewer may read when asked.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { RATING_FIELDS, type ProfileDimensions, type RatingField } from '../../types/api';

/** Recomputes the filter options of these data sources' profiles (default: every data source). */
export async function refreshProfileFilterOptions(db: Kysely<Database>, dataSourceIds?: number[]): Promise<void> {
  const ids = dataSourceIds ?? (await db.selectFrom('data_source').select('id').execute()).map((r) => r.id);
  for (const id of ids) {
    const inSource = sql`data_source_ids @> ARRAY[${id}::int]`;
    const ranges = RATING_FIELDS.map((f) => sql`${f}::text, jsonb_build_object('min', min(${sql.ref(f)}), 'max', max(${sql.ref(f)}))`);
    const stats = await sql<{ ranges: Record<RatingField, { min: number | null; max: number | null }>; profile_count: number }>`
      SELECT jsonb_build_object(${sql.join(ranges)}) AS ranges, count(*)::int AS profile_count
      FROM profile WHERE ${inSource}`.execute(db);
    const nationalities = await sql<{ code: string }>`
      SELECT DISTINCT jsonb_object_keys(nationalities) AS code FROM profile WHERE ${inSource} ORDER BY 1`.execute(db);
    const genders = await sql<{ gender: string }>`
      SELECT DISTINCT gender_value AS gender FROM profile WHERE ${inSource} AND gender_value IS NOT NULL ORDER BY 1`.execute(db);
    const values = {
      data_source_id: id,
      nationalities: nationalities.rows.map((r) => r.code),
      genders: genders.rows.map((r) => r.gender),
      ranges: JSON.stringify(stats.rows[0]?.ranges ?? {}),
      profile_count: stats.rows[0]?.profile_count ?? 0,
    };
    await db
      .insertInto('data_source_dimensions')
      .values(values)
      .onConflict((oc) => oc.column('data_source_id').doUpdateSet({ ...values, refreshed_at: sql`now()` }))
      .execute();
  }
}

/** The filter options over the readable data sources (`null`: all of them). */
export async function profileFilterOptions(db: Kysely<Database>, readable: number[] | null): Promise<ProfileDimensions> {
  let query = db
    .selectFrom('data_source as d')
    .leftJoin('data_source_dimensions as x', 'x.data_source_id', 'd.id')
    .select(['d.id', 'd.name', 'x.nationalities', 'x.genders', 'x.ranges'])
    .orderBy('d.name')
    .orderBy('d.id');
  if (readable !== null) query = readable.length ? query.where('d.id', 'in', readable) : query.where(sql<boolean>`false`);
  const rows = await query.execute();
  const nationalities = new Set<string>();
  const genders = new Set<string>();
  const range_fields = {} as ProfileDimensions['range_fields'];
  for (const row of rows) {
    row.nationalities?.forEach((n) => {
      nationalities.add(n);
    });
    row.genders?.forEach((g) => {
      genders.add(g);
    });
    for (const field of RATING_FIELDS) {
      const r = (row.ranges as Record<string, { min: number | null; max: number | null }> | null)?.[field];
      if (r?.min == null || r?.max == null) continue;
      const current = range_fields[field];
      range_fields[field] = current ? { min: Math.min(current.min, r.min), max: Math.max(current.max, r.max) } : { min: r.min, max: r.max };
    }
  }
  return {
    range_fields,
    multiple_values_filter: {
      data_sources: rows.map(({ id, name }) => ({ id, name })),
      nationalities: [...nationalities].sort(),
      genders: [...genders].sort(),
    },
  };
}
