// Organizations, staff only (SPEC §7 Organizations): a name and its users.
import type { Kysely } from 'kysely';
import type { Organization } from '../../../types/api';
import { OrganizationSchema, OrganizationWriteSchema } from '../../../types/wire/organizations';
import type { Database } from '../../db/schema';
import { defineEntity } from '../../http/crud';
import { NAMED_COLLECTION_SEARCH_AND_SORT } from '../../db/list-page';
import { refuseUnknownIds } from '../../errors';
import { missingUserIds } from '../users/repository';
import { createOrganization, membersOf, updateOrganization, type OrganizationRow } from './repository';

export const organizations = defineEntity({
  path: 'organizations',
  table: 'organization',
  item: OrganizationSchema,
  access: 'staff',
  list: NAMED_COLLECTION_SEARCH_AND_SORT,
  rows: (db) => db.selectFrom('organization').selectAll(),
  async toItems(db: Kysely<Database>, _viewer, rows: OrganizationRow[]): Promise<Organization[]> {
    const members = await membersOf(
      db,
      rows.map((r) => r.id),
    );
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      users: members.get(row.id) ?? [],
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
    }));
  },
  writes: {
    body: OrganizationWriteSchema,
    check: async (db, _viewer, body) => refuseUnknownIds('users', await missingUserIds(db, body.users ?? [])),
    create: (db, _viewer, body) => createOrganization(db, { name: body.name, users: body.users ?? [] }),
    update: (db, _viewer, id, body) => updateOrganization(db, id, body),
  },
  deletable: true,
});
