import type { Kysely, Selectable } from 'kysely';
import type { CompanyTable, Database } from '../../db/schema';
import type { Company, ListResponse } from '../../../types/api';
import { parseListParams, runList, type ListDeclaration } from '../../http/list-query';
import { readableDataSourceIds } from '../data-sources/visibility';
import { dataSourceCondition } from '../profiles/filters';
import { dataSourceRefs } from '../profiles/repository';

export const companyList: ListDeclaration = {
  ordering: { created_at: 'created_at', updated_at: 'updated_at' },
  defaultOrdering: ['-created_at'],
  search: ["immutable_unaccent(lower(coalesce(name, '') || ' ' || coalesce(location, '') || ' ' || coalesce(industry, '')))"],
  searchFolded: true,
  countVersionOf: 'company',
};

type Viewer = { id: number; is_staff: boolean };

/** Companies with the names of their readable data sources, in one query for all of them. */
async function toCompanies(db: Kysely<Database>, rows: Selectable<CompanyTable>[], readable: number[] | null): Promise<Company[]> {
  const refs = await dataSourceRefs(db, [...new Set(rows.flatMap((r) => r.data_source_ids))], readable);
  return rows.map(({ data_source_ids, ...fields }) => ({
    ...fields,
    data_sources: refs.filter((ref) => data_source_ids.includes(ref.id)),
    created_at: fields.created_at.toISOString(),
    updated_at: fields.updated_at.toISOString(),
  }));
}

function visibleCompanies(db: Kysely<Database>, readable: number[] | null) {
  const condition = dataSourceCondition(readable);
  const query = db.selectFrom('company').selectAll();
  return condition ? query.where(condition) : query;
}

export async function listCompanies(db: Kysely<Database>, viewer: Viewer, query: Parameters<typeof parseListParams>[0]): Promise<ListResponse<Company>> {
  const readable = await readableDataSourceIds(db, viewer);
  const page = await runList(visibleCompanies(db, readable), parseListParams(query, companyList), companyList, 'id', (row) => row, { db });
  return { count: page.count, results: await toCompanies(db, page.results, readable) };
}

export async function getCompany(db: Kysely<Database>, viewer: Viewer, id: number): Promise<Company | undefined> {
  const readable = await readableDataSourceIds(db, viewer);
  const row = await visibleCompanies(db, readable).where('id', '=', id).executeTakeFirst();
  return row ? (await toCompanies(db, [row], readable))[0] : undefined;
}
