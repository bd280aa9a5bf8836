import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import type { Database } from './schema';

/** Stands for a parameter in the query built once; replaced by the value given on each run. */
const MARK = '\u0000parameter:';

/**
 * A query built and compiled once per database, then run with new values for its named
 * parameters. For queries run on every request (a token's user, a list page's rows): building
 * and compiling one with Kysely costs more of the main thread than the round trip's own work
 * (~7 % of it under a list load at ten million profiles). Every other value in the query stays
 * as it was built: take the time from the database (`now()`), not from `new Date()`.
 */
export function compiledOnce<Name extends string, Row>(
  build: (db: Kysely<Database>, parameter: (name: Name) => string) => Compilable<Row>,
): (db: Kysely<Database>, values: Record<Name, unknown>) => Promise<Row[]> {
  const compiledByDb = new WeakMap<Kysely<Database>, CompiledQuery<Row>>();
  return async (db, values) => {
    let compiled = compiledByDb.get(db);
    if (!compiled) {
      compiled = build(db, (name) => MARK + name).compile();
      compiledByDb.set(db, compiled);
    }
    const parameters = compiled.parameters.map((value) =>
      typeof value === 'string' && value.startsWith(MARK) ? values[value.slice(MARK.length) as Name] : value,
    );
    const { rows } = await db.executeQuery<Row>({ ...compiled, parameters });
    return rows;
  };
}
