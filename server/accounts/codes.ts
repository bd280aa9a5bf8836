import type { Kysely } from 'kysely';
import type { Database, OneTimeCodePurpose } from '../db/schema';
import { hashSecret, newSecret } from './secrets';

/** How long an e-mailed code stays valid (CONVENTIONS: activation 7 days, reset 1 hour). */
export const CODE_LIFETIME_MS: Record<OneTimeCodePurpose, number> = {
  activation: 7 * 24 * 60 * 60 * 1000,
  reset: 60 * 60 * 1000,
};

/** A new single-use code; earlier unused codes of the same purpose stop working. */
export async function issueCode(db: Kysely<Database>, userId: number, purpose: OneTimeCodePurpose): Promise<string> {
  const code = newSecret();
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('one_time_code')
      .set({ used_at: new Date() })
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .execute();
    await trx
      .insertInto('one_time_code')
      .values({ user_id: userId, purpose, code_hash: hashSecret(code), expires_at: new Date(Date.now() + CODE_LIFETIME_MS[purpose]) })
      .execute();
  });
  return code;
}

/** Uses up a code; answers the user id it was for, or undefined when it is unknown, used or expired. */
export async function consumeCode(
  db: Kysely<Database>,
  email: string,
  code: string,
  purpose: OneTimeCodePurpose,
): Promise<number | undefined> {
  const row = await db
    .updateTable('one_time_code')
    .set({ used_at: new Date() })
    .where('code_hash', '=', hashSecret(code))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .where('user_id', 'in', (qb) =>
      qb
        .selectFrom('app_user')
        .select('id')
        .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase())),
    )
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id;
}
