import { sql, type Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/schema';
import type { ProfileFilters } from '../filters';
import type { ListParams } from '../../../db/list-query';
import { buildProfileCountIndex, type ProfileCountIndex } from './index';
import { tableVersion } from '../../../db/count-cache';
import { size } from './bitset';

/** Below this many profiles SQL counts take a few milliseconds: no index, no memory spent. */
export const DEFAULT_MIN_ROWS = 20_000;

interface State {
  minRows: number;
  log?: FastifyBaseLogger;
  index?: ProfileCountIndex;
  building?: Promise<void>;
  /** a build about to start: the first one (reading the table's version), or one put off by `nextBuildAt` */
  starting?: Promise<void>;
  /** a version found too small to index */
  smallAt?: string;
  /** no new build before this time: under constant writes, rebuilding takes at most a third of the time */
  nextBuildAt: number;
}

const states = new WeakMap<object, State>();

/** Keeps a count index for this database from now on, building it in the background (the server does, once it answers). */
export function enableProfileCountIndex(db: Kysely<Database>, options: { minRows?: number; log?: FastifyBaseLogger } = {}): void {
  if (states.has(db)) return;
  const state: State = { minRows: options.minRows ?? DEFAULT_MIN_ROWS, log: options.log, nextBuildAt: 0 };
  states.set(db, state);
  state.starting = refreshLatest(db, state);
}

/** Resolves once no build is under way (benchmarks wait for it before timing). */
export async function profileCountIndexSettled(db: Kysely<Database>): Promise<boolean> {
  const state = states.get(db);
  while (state?.starting || state?.building) await (state.starting ?? state.building);
  return state?.index !== undefined;
}

/** The index of this database when it holds this version of the table; else starts a rebuild (if none runs). */
function currentIndex(db: Kysely<Database>, version: string): ProfileCountIndex | undefined {
  const state = states.get(db);
  if (!state) return undefined;
  if (state.index?.version === version) return state.index;
  refresh(db, state, version);
  return undefined;
}

/** The exact count from the index when it holds this version of the table; undefined otherwise (SQL counts). */
export async function indexedProfileCount(
  db: Kysely<Database>,
  version: string,
  readable: number[] | null,
  filters: ProfileFilters,
  search: string | undefined,
): Promise<number | undefined> {
  const index = currentIndex(db, version);
  const terms = index && (await foldTerms(db, search));
  return terms && index.count(readable, filters, terms);
}

/**
 * The count and, for a one-field ordering, the ids of the asked page, from
 * the index when it holds this version of the table; undefined otherwise.
 */
export async function indexedProfilePage(
  db: Kysely<Database>,
  version: string,
  readable: number[] | null,
  filters: ProfileFilters,
  params: ListParams,
): Promise<{ count: number; ids?: number[] } | undefined> {
  const index = currentIndex(db, version);
  const terms = index && (await foldTerms(db, params.search));
  if (!index || !terms) return undefined;
  const set = index.matching(readable, filters, terms);
  const count = size(set);
  const [sort, ...more] = params.ordering;
  const offset = (params.page - 1) * params.pageSize;
  const ids = sort && more.length === 0 ? index.page(set, count, sort.field, sort.descending, offset, params.pageSize) : undefined;
  return { count, ids };
}

async function refreshLatest(db: Kysely<Database>, state: State): Promise<void> {
  try {
    const version = await tableVersion(db, 'profile');
    state.starting = undefined;
    if (version !== undefined) refresh(db, state, version);
  } catch {
    state.starting = undefined; // the database went away (closed): nothing to index
  }
}

function refresh(db: Kysely<Database>, state: State, version: string): void {
  if (state.building || state.starting || state.smallAt === version) return;
  const wait = state.nextBuildAt - Date.now();
  if (wait > 0) {
    // put off, not dropped: the index catches up even if no request asks again
    state.starting = new Promise<void>((resolve) => setTimeout(resolve, wait).unref()).then(() => refreshLatest(db, state));
    return;
  }
  const started = Date.now();
  state.index = undefined; // an outdated index answers nothing: free its memory for the new one
  state.building = (async () => {
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM profile`.execute(db);
    if (Number(rows[0].n) < state.minRows) {
      state.smallAt = version;
      return;
    }
    state.index = await buildProfileCountIndex(db);
    if (state.index) state.log?.info({ profiles: Number(rows[0].n), ms: Date.now() - started }, 'profile count index built');
  })()
    .catch((error) => state.log?.warn({ err: error }, 'profile count index not built; SQL counts instead'))
    .finally(() => {
      state.building = undefined;
      state.nextBuildAt = Date.now() + 2 * (Date.now() - started);
    });
}

/**
 * The search terms folded by the database itself, exactly as the documents
 * were (lower, unaccent): undefined when folding puts whitespace or LIKE
 * wildcards into a term, which the SQL search treats differently.
 */
async function foldTerms(db: Kysely<Database>, search: string | undefined): Promise<string[] | undefined> {
  const terms = (search ?? '').split(/\s+/).filter(Boolean);
  if (terms.length === 0) return [];
  const { rows } = await sql<{ folded: string }>`
    SELECT immutable_unaccent(lower(term)) AS folded
    FROM unnest(${sql.val(terms)}::text[]) WITH ORDINALITY AS t(term, n) ORDER BY n`.execute(db);
  const folded = rows.map((r) => r.folded);
  const changedMeaning = folded.some((f, i) => /\s/.test(f) || [...f].some((c) => '%_\\'.includes(c) && !terms[i].includes(c)));
  return changedMeaning ? undefined : folded;
}
