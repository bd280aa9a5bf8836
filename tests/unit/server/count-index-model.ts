// The plain model of the profiles' index that its tests compare it with (count-index.test.ts,
// count-index-snapshot.test.ts): rows, their orders as PostgreSQL sorts them, the changes the
// journal would give, and every filter and page of the index checked against it.
import { expect } from 'vitest';
import fc from 'fast-check';
import { has } from '../../../server/entities/profiles/count-index/bitset';
import { TokenIndex } from '../../../server/entities/profiles/count-index/tokens';
import {
  NUMERIC_SORTS,
  ProfileIndex,
  rangeStrategy,
  type IndexedProfile,
  type ProfileChange,
} from '../../../server/entities/profiles/count-index/index';
import { pageStrategy } from '../../../server/entities/profiles/count-index/sort-orders';
import { RATING_FIELDS } from '../../../types/api';
import type { ProfileFilters } from '../../../server/entities/profiles/filters';

export const members = (set: Uint32Array, rows: number) => Array.from({ length: rows }, (_, i) => i).filter((i) => has(set, i));

export interface ModelRow {
  id: number;
  first_name: string | null;
  last_name: string;
  sources: number[];
  nationalities: string[];
  gender: string | null;
  numbers: Record<(typeof NUMERIC_SORTS)[number], number | null>;
  document: string;
}

export const SORTS = ['first_name', 'last_name', ...NUMERIC_SORTS];
export const TEXT_SORTS = ['first_name', 'last_name'] as const;
export const NAMES = ['ana', 'Ana', 'bruno', 'zoë', 'émile', 'li'];
export const WORDS = ['engineer', 'founder', 'berlin', 'são', 'paulo', 'phd'];

export const rowArbitrary = (id: number) =>
  fc
    .record({
      first_name: fc.option(fc.constantFrom(...NAMES), { freq: 6 }),
      last_name: fc.constantFrom(...NAMES),
      sources: fc.subarray([1, 2, 3]),
      nationalities: fc.subarray(['DE', 'FR', 'BR']),
      gender: fc.option(fc.constantFrom('female', 'male'), { freq: 3 }),
      numbers: fc.record(
        Object.fromEntries(
          NUMERIC_SORTS.map((f) => [
            f,
            fc.option(
              f.endsWith('_at')
                ? fc.integer({ min: 0, max: 6 }).map((n) => n * 1.5)
                : fc.constantFrom(-1, 0, 1.5, 2.3, 2.31, 2.38, 3, 4.5, 7.5, 9.95, 10, 10.5),
              { freq: f.endsWith('_at') ? 1000 : 3 },
            ),
          ]),
        ) as Record<(typeof NUMERIC_SORTS)[number], fc.Arbitrary<number | null>>,
      ),
      words: fc.subarray(WORDS),
    })
    .map(
      (r): ModelRow => ({
        id,
        first_name: r.first_name,
        last_name: r.last_name,
        sources: r.sources,
        nationalities: r.nationalities,
        gender: r.gender,
        numbers: r.numbers,
        document: [r.first_name ?? '', r.last_name, ...r.words].join(' ').toLowerCase(),
      }),
    );

export const fieldValue = (row: ModelRow, field: string): string | number | null =>
  field === 'first_name' || field === 'last_name' ? row[field] : row.numbers[field as (typeof NUMERIC_SORTS)[number]];

/** ascending by (value, id), missing values after (the database's NULLS LAST) */
export function modelOrder(rows: ModelRow[], field: string): ModelRow[] {
  const valued = rows.filter((r) => fieldValue(r, field) !== null);
  const missing = rows.filter((r) => fieldValue(r, field) === null).sort((a, b) => a.id - b.id);
  valued.sort((a, b) => {
    const x = fieldValue(a, field)!;
    const y = fieldValue(b, field)!;
    return x < y ? -1 : x > y ? 1 : a.id - b.id;
  });
  return [...valued, ...missing];
}

export const indexed = (row: ModelRow): IndexedProfile => ({
  id: row.id,
  data_source_ids: row.sources,
  nationality_codes: row.nationalities,
  gender_value: row.gender,
  numbers: { ...row.numbers },
});

export function freshIndex(rows: ModelRow[], version: number): Promise<ProfileIndex> {
  const index = new ProfileIndex(version, rows.length, SORTS, [...RATING_FIELDS]);
  const sorted = [...rows].sort((a, b) => a.id - b.id);
  const documents = sorted.map((row) => row.document);
  for (const row of sorted) index.load(indexed(row));
  const orders = new Map(
    TEXT_SORTS.map((field) => {
      const order = modelOrder(sorted, field);
      return [
        field,
        {
          valued: order.filter((r) => r[field] !== null).map((r) => r.id),
          missing: order.filter((r) => r[field] === null).map((r) => r.id),
        },
      ];
    }),
  );
  return TokenIndex.build(documents).then((tokens) => {
    index.loadOrders(orders, tokens);
    return index;
  });
}

export function changesFor(model: Map<number, ModelRow>, ids: Set<number>, searchChanged: Set<number>): ProfileChange[] {
  const rows = [...model.values()];
  const orders = Object.fromEntries(TEXT_SORTS.map((field) => [field, modelOrder(rows, field).filter((r) => r[field] !== null)]));
  return [...ids].map((id) => {
    const row = model.get(id);
    const previous: Record<string, number | null | undefined> = {};
    for (const field of TEXT_SORTS) {
      if (!row || row[field] === null) continue;
      const at = orders[field].findIndex((r) => r.id === id);
      previous[field] = at === 0 ? null : orders[field][at - 1].id;
    }
    return { id, profile: row && indexed(row), search_text: row?.document, searchChanged: searchChanged.has(id), previous };
  });
}

export function expectSameAnswers(index: ProfileIndex, model: Map<number, ModelRow>) {
  const rows = [...model.values()];
  const queries: { readable: number[] | null; filters: ProfileFilters; terms: string[] }[] = [
    { readable: null, filters: {}, terms: [] },
    { readable: [1], filters: {}, terms: [] },
    // one of the index's own sets and nothing else: its count is followed as rows come, go and change
    { readable: null, filters: { gender: ['male'] }, terms: [] },
    { readable: null, filters: { nationalities: ['BR'] }, terms: [] },
    { readable: null, filters: { gender: ['female'], nationalities: ['FR', 'BR'] }, terms: [] },
    { readable: [2, 3], filters: { tech_rating__gte: 3, tech_rating__lte: 7.5 }, terms: ['an'] },
    { readable: null, filters: { data_sources: [3] }, terms: ['engineer'] },
    { readable: null, filters: { education_rating__gte: 1.4 }, terms: [] },
    {
      readable: null,
      filters: { professional_experience_rating__lte: 4.5, entrepreneurial_spirit_rating__gte: 0, entrepreneurial_spirit_rating__lte: 10 },
      terms: [],
    },
    { readable: null, filters: { tech_rating__gte: 2.9, tech_rating__lte: 4.6, education_rating__lte: 9 }, terms: [] },
    { readable: null, filters: { tech_rating__gte: 2.3, tech_rating__lte: 10, education_rating__gte: 9.95 }, terms: [] },
    { readable: null, filters: { professional_experience_rating__gte: 0, professional_experience_rating__lte: 2.3 }, terms: [] },
    { readable: null, filters: { tech_rating__gte: 2.35, entrepreneurial_spirit_rating__lte: 2.35 }, terms: [] },
    // parts of the queries above in other combinations: the sets remembered for them must serve these too
    { readable: [2, 3], filters: { tech_rating__gte: 3, tech_rating__lte: 7.5 }, terms: [] },
    { readable: [3, 2], filters: { gender: ['female'] }, terms: ['an', 'an'] },
    // several terms: one set, each after the first looked up among the rows found so far
    { readable: null, filters: {}, terms: ['founder', 'e'] },
    { readable: [1, 3], filters: { nationalities: ['FR'] }, terms: ['o', 'paulo', 'são'] },
  ];
  expect(index.rows, 'live rows').toBe(model.size); // counted once, until a row comes or goes
  // twice: the second pass is answered from the sets the index remembered at this version
  for (const [asked, { readable, filters, terms }] of [...queries, ...queries].entries()) {
    const kept = rows.filter(
      (r) =>
        (readable === null || r.sources.some((s) => readable.includes(s))) &&
        (!filters.data_sources || r.sources.some((s) => filters.data_sources!.includes(s))) &&
        (!filters.gender || (r.gender !== null && filters.gender.includes(r.gender))) &&
        (!filters.nationalities || r.nationalities.some((n) => filters.nationalities!.includes(n))) &&
        RATING_FIELDS.every((field) => {
          const gte = filters[`${field}__gte`];
          const lte = filters[`${field}__lte`];
          const value = r.numbers[field];
          return (gte === undefined && lte === undefined) || (value !== null && value >= (gte ?? -Infinity) && value <= (lte ?? Infinity));
        }) &&
        terms.every((t) => r.document.split(' ').some((token) => token.includes(t))),
    );
    const { set, count } = index.matching(readable, filters, terms);
    // (the first pass: a sole range remembers no set)
    const ratingsOnly =
      asked < queries.length &&
      readable === null &&
      !terms.length &&
      Object.keys(filters).length > 0 &&
      Object.keys(filters).every((key) => key.includes('_rating__'));
    const label = JSON.stringify({ readable, filters, terms });
    expect(count, label).toBe(kept.length);
    for (const field of SORTS) {
      const ascending = modelOrder(kept, field);
      const valued = ascending.filter((r) => fieldValue(r, field) !== null);
      const missing = ascending.filter((r) => fieldValue(r, field) === null);
      const descending = RATING_FIELDS.includes(field as never)
        ? [...valued.reverse(), ...missing.reverse()]
        : [...missing.reverse(), ...valued.reverse()];
      for (const [down, list] of [
        [false, ascending],
        [true, descending],
      ] as const) {
        for (const offset of [0, 3, Math.max(0, kept.length - 4)]) {
          const ids = list.slice(offset, offset + 4).map((r) => r.id);
          expect(index.page(set, kept.length, field, down, offset, 4), `${label} ${field} ${down} ${offset}`).toEqual(ids);
          // the page walked, and (numeric orders) picked in a pass over the set
          for (const [way, strategy] of Object.entries(PAGE_WAYS))
            expect(
              withStrategy(strategy, () => index.page(set, kept.length, field, down, offset, 4)),
              `${label} ${field} ${down} ${offset} ${way}`,
            ).toEqual(ids);
          // a staff's whole list of rating ranges, a sole one walked by its test (every page then walked)
          if (ratingsOnly) {
            const answer = withStrategy({ sortBelow: 0, testFromFraction: 0 }, () =>
              index.list(readable, filters, terms, { field, descending: down, offset, limit: 4 }),
            );
            expect(answer, `${label} ${field} ${down} ${offset} listed`).toEqual({ count: kept.length, ids });
          }
        }
      }
    }
  }
}

/** Every way of finding a page besides sorting a small set: walking the order, picking along a numeric one. */
const PAGE_WAYS = {
  walked: { sortBelow: 0, selectBelow: 0 },
  picked: { sortBelow: 0, selectBelow: Number.POSITIVE_INFINITY, selectSparserThan: 1, selectDepth: Number.POSITIVE_INFINITY },
};

/** `run` with the page strategy and the rating range strategy changed as `strategy` says. */
export function withStrategy<T>(strategy: Partial<typeof pageStrategy & typeof rangeStrategy>, run: () => T): T {
  const saved = { pages: { ...pageStrategy }, ranges: { ...rangeStrategy } };
  for (const [key, value] of Object.entries(strategy)) Object.assign(key in pageStrategy ? pageStrategy : rangeStrategy, { [key]: value });
  try {
    return run();
  } finally {
    Object.assign(pageStrategy, saved.pages);
    Object.assign(rangeStrategy, saved.ranges);
  }
}

/** Applies a batch of (id, new row or deletion) to the model and to each index. */
export function applyBatch(
  model: Map<number, ModelRow>,
  batch: [number, ModelRow | null][],
  version: number,
  indexes: ProfileIndex[],
): void {
  const ids = new Set<number>();
  const searchChanged = new Set<number>();
  for (const [id, next] of batch) {
    ids.add(id);
    const before = model.get(id);
    if (next) model.set(id, { ...next, id });
    else model.delete(id);
    if (!before || !next || before.document !== next.document) searchChanged.add(id);
  }
  const changes = changesFor(model, ids, searchChanged);
  for (const index of indexes) expect(index.apply(changes, version)).toBe(true);
}
