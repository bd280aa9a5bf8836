import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { RATING_FIELDS } from '../../../types/api';

const COLUMNS = [
  'id',
  'external_id',
  'first_name',
  'last_name',
  'email',
  'headline',
  'location',
  'current_company',
  'gender_value',
  'age_value',
  'nationalities',
  ...RATING_FIELDS,
  'app_rating',
  'data_sources',
  'created_at',
  'updated_at',
] as const;

/** RFC 4180 quoting, and a leading quote on values a spreadsheet would run as a formula. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = value instanceof Date ? value.toISOString() : String(value);
  if (/^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The CSV of the given profiles, in that order, as an async stream of lines:
 * rows are read in batches so a million-row export never sits in memory.
 */
export async function* profilesCsv(
  db: Kysely<Database>,
  ids: number[],
  readable: number[] | null,
  batchSize = 2000,
): AsyncGenerator<string> {
  yield `${COLUMNS.join(',')}\r\n`;
  const sourceNames = new Map((await db.selectFrom('data_source').select(['id', 'name']).execute()).map((d) => [d.id, d.name]));
  for (let start = 0; start < ids.length; start += batchSize) {
    const batch = ids.slice(start, start + batchSize);
    const rows = await db.selectFrom('profile').selectAll().where('id', 'in', batch).execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    let chunk = '';
    for (const id of batch) {
      const row = byId.get(id);
      if (!row) continue; // deleted meanwhile
      const sources = row.data_source_ids.filter((d) => readable === null || readable.includes(d)).map((d) => sourceNames.get(d) ?? d);
      const nationalities = Object.entries(row.nationalities ?? {})
        .map(([code, p]) => `${code}:${p}`)
        .join(' ');
      const values: Record<(typeof COLUMNS)[number], unknown> = { ...row, nationalities, data_sources: sources.join('; ') };
      chunk += `${COLUMNS.map((c) => csvCell(values[c])).join(',')}\r\n`;
    }
    yield chunk;
  }
}
