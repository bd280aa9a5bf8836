import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Organization, OrganizationWrite } from '../../../types/api';
import { replaceMembers } from '../../db/membership';
import { parseListParams, runList, type ListDeclaration } from '../../http/list-query';

export const organizationList: ListDeclaration = {
  ordering: { created_at: 'created_at', updated_at: 'updated_at', name: 'lower(name)' },
  defaultOrdering: ['-created_at'],
  search: ['name'],
};

async function membersOf(db: Kysely<Database>, organizationIds: number[]) {
  if (organizationIds.length === 0) return new Map<number, Organization['users']>();
  const rows = await db
    .selectFrom('organization_user as ou')
    .innerJoin('app_user as u', 'u.id', 'ou.user_id')
    .select(['ou.organization_id', 'u.id', 'u.external_id', 'u.first_name', 'u.last_name', 'u.email', 'u.date_joined'])
    .where('ou.organization_id', 'in', organizationIds)
    .orderBy('u.last_name')
    .orderBy('u.first_name')
    .orderBy('u.id')
    .execute();
  const byOrganization = new Map<number, Organization['users']>();
  for (const { organization_id, date_joined, ...user } of rows) {
    const list = byOrganization.get(organization_id) ?? [];
    list.push({ ...user, date_joined: new Date(date_joined).toISOString() });
    byOrganization.set(organization_id, list);
  }
  return byOrganization;
}

type OrganizationRow = { id: number; name: string; created_at: Date; updated_at: Date };

function toOrganization(row: OrganizationRow, users: Organization['users']): Organization {
  return { id: row.id, name: row.name, users, created_at: row.created_at.toISOString(), updated_at: row.updated_at.toISOString() };
}

export async function listOrganizations(db: Kysely<Database>, query: Parameters<typeof parseListParams>[0]) {
  const params = parseListParams(query, organizationList);
  const page = await runList(db.selectFrom('organization').selectAll(), params, organizationList, 'id', (row) => row);
  const members = await membersOf(db, page.results.map((r) => r.id));
  return { count: page.count, results: page.results.map((row) => toOrganization(row, members.get(row.id) ?? [])) };
}

export async function getOrganization(db: Kysely<Database>, id: number): Promise<Organization | undefined> {
  const row = await db.selectFrom('organization').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  return toOrganization(row, (await membersOf(db, [id])).get(id) ?? []);
}

export async function createOrganization(db: Kysely<Database>, data: OrganizationWrite): Promise<Organization> {
  const id = await db.transaction().execute(async (trx) => {
    const row = await trx.insertInto('organization').values({ name: data.name.trim() }).returning('id').executeTakeFirstOrThrow();
    await replaceMembers(trx, 'organization_user', 'organization_id', 'user_id', row.id, data.users);
    return row.id;
  });
  return (await getOrganization(db, id))!;
}

/** Partial update: only the fields given change. Undefined when it does not exist. */
export async function updateOrganization(db: Kysely<Database>, id: number, data: Partial<OrganizationWrite>): Promise<Organization | undefined> {
  const found = await db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('organization')
      .set({ updated_at: sql`now()`, ...(data.name !== undefined ? { name: data.name.trim() } : {}) })
      .where('id', '=', id)
      .returning('id')
      .executeTakeFirst();
    if (!row) return false;
    if (data.users) await replaceMembers(trx, 'organization_user', 'organization_id', 'user_id', id, data.users);
    return true;
  });
  return found ? getOrganization(db, id) : undefined;
}

export async function deleteOrganization(db: Kysely<Database>, id: number): Promise<boolean> {
  const result = await db.deleteFrom('organization').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
