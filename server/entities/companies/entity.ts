// Companies the user may see, through the data sources that brought them (SPEC §7 Companies).
import { CompanySchema } from '../../../types/wire/companies';
import { defineEntity } from '../../http/crud';
import { readableDataSourceIds } from '../../db/visibility';
import { dataSourceCondition } from '../profiles/filters';
import { toCompanies, type CompanyRow } from './repository';

export const companies = defineEntity({
  path: 'companies',
  table: 'company',
  item: CompanySchema,
  summary: 'Companies; search on name, location and industry',
  list: {
    ordering: { created_at: 'created_at', updated_at: 'updated_at' },
    defaultOrdering: ['-created_at'],
    search: ["immutable_unaccent(lower(coalesce(name, '') || ' ' || coalesce(location, '') || ' ' || coalesce(industry, '')))"],
    searchFolded: true,
    countVersionOf: 'company',
  },
  async rows(db, viewer) {
    const visible = dataSourceCondition(await readableDataSourceIds(db, viewer));
    const query = db.selectFrom('company').selectAll();
    return visible ? query.where(visible) : query;
  },
  toItems: async (db, viewer, rows: CompanyRow[]) => toCompanies(db, rows, await readableDataSourceIds(db, viewer)),
});
