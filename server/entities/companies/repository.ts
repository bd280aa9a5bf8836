import type { Kysely, Selectable } from 'kysely';
import type { CompanyTable, Database } from '../../db/schema';
import type { Company } from '../../../types/api';
import { dataSourceRefs } from '../profiles/repository';

export type CompanyRow = Selectable<CompanyTable>;

/** Companies with the names of their readable data sources, in one query for all of them. */
export async function toCompanies(db: Kysely<Database>, rows: CompanyRow[], readable: number[] | null): Promise<Company[]> {
  const refs = await dataSourceRefs(db, [...new Set(rows.flatMap((r) => r.data_source_ids))], readable);
  return rows.map(({ data_source_ids, ...fields }) => ({
    ...fields,
    data_sources: refs.filter((ref) => data_source_ids.includes(ref.id)),
    created_at: fields.created_at.toISOString(),
    updated_at: fields.updated_at.toISOString(),
  }));
}
