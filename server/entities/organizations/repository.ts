import { sql, type Kysely, type Selectable } from 'kysely';
import { inTransaction } from '../../db/transaction';
import type { Database, OrganizationTable } from '../../db/schema';
import type { Organization, OrganizationWrite } from '../../../types/api';
import { replaceMembers } from '../../db/membership';

export type OrganizationRow = Selectable<OrganizationTable>;

/** The users of each organization, in one query for a page of them. */
export async function membersOf(db: Kysely<Database>, organizationIds: number[]) {
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

export async function createOrganization(db: Kysely<Database>, data: Required<OrganizationWrite>): Promise<number> {
  return inTransaction(db, async (trx) => {
    const row = await trx.insertInto('organization').values({ name: data.name.trim() }).returning('id').executeTakeFirstOrThrow();
    await replaceMembers(trx, 'organization_user', 'organization_id', 'user_id', row.id, data.users);
    return row.id;
  });
}

/** Partial update: only the fields given change. */
export async function updateOrganization(db: Kysely<Database>, id: number, data: Partial<OrganizationWrite>): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx
      .updateTable('organization')
      .set({ updated_at: sql`now()`, ...(data.name !== undefined ? { name: data.name.trim() } : {}) })
      .where('id', '=', id)
      .execute();
    if (data.users) await replaceMembers(trx, 'organization_user', 'organization_id', 'user_id', id, data.users);
  });
}
