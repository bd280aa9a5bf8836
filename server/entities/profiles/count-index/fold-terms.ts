import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema';

/**
 * The search terms folded by the database itself, exactly as the documents
 * were (lower, unaccent): undefined when folding puts whitespace or LIKE
 * wildcards into a term, which the SQL search treats differently.
 */
export async function foldTerms(db: Kysely<Database>, search: string | undefined): Promise<string[] | undefined> {
  const terms = (search ?? '').split(/\s+/).filter(Boolean);
  if (terms.length === 0) return [];
  let folds = foldedTerms.get(db);
  if (!folds) {
    folds = new Map();
    foldedTerms.set(db, folds);
  }
  const unknown = terms.filter((term) => !folds.has(term));
  if (unknown.length) {
    const { rows } = await sql<{ folded: string }>`
      SELECT immutable_unaccent(lower(term)) AS folded
      FROM unnest(${sql.val(unknown)}::text[]) WITH ORDINALITY AS t(term, n) ORDER BY n`.execute(db);
    unknown.forEach((term, i) => {
      const folded = rows[i].folded;
      const changedMeaning = /\s/.test(folded) || [...folded].some((c) => '%_\\'.includes(c) && !term.includes(c));
      folds.set(term, changedMeaning ? null : folded);
    });
    while (folds.size > 10_000) folds.delete(folds.keys().next().value!);
  }
  const folded = terms.map((term) => folds.get(term));
  return folded.some((f) => f === null || f === undefined) ? undefined : (folded as string[]);
}

/** Terms folded by the database (immutable: the same term folds the same way), per database. */
const foldedTerms = new WeakMap<object, Map<string, string | null>>();
