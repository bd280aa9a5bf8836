import type { Kysely } from 'kysely';
import { statements } from './statements';

/**
 * Ratings sort with missing values last in both directions. The ascending
 * indexes serve `ASC NULLS LAST`; descending needs its own `DESC NULLS LAST`
 * index, or every descending rating sort reads the whole table.
 */
/** the ratings as they were when this migration was written: a migration never reads a live constant */
const RATING_FIELDS = ['tech_rating', 'education_rating', 'professional_experience_rating', 'entrepreneurial_spirit_rating'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await statements(
    db,
    RATING_FIELDS.map((field) => `CREATE INDEX profile_${field}_desc_idx ON profile (${field} DESC NULLS LAST, id DESC)`),
  );
}
