import type { Kysely } from 'kysely';
import type { Database } from './schema';

/**
 * A many-to-many link table written as "the full list of member ids" (the
 * API sends name + ids). Replaces the members of one owner row.
 */
export async function replaceMembers(
  db: Kysely<Database>,
  table: 'organization_user' | 'profile_list_profile',
  ownerColumn: string,
  memberColumn: string,
  ownerId: number,
  memberIds: number[],
): Promise<void> {
  const unique = [...new Set(memberIds)];
  // the table is one of a known few; Kysely cannot type a column chosen at run time
  const anyDb = db as unknown as Kysely<Record<string, Record<string, number>>>;
  await anyDb.deleteFrom(table).where(ownerColumn, '=', ownerId).execute();
  if (unique.length) {
    await anyDb
      .insertInto(table)
      .values(unique.map((memberId) => ({ [ownerColumn]: ownerId, [memberColumn]: memberId })))
      .execute();
  }
}
