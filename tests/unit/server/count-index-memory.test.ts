// The profile index's memory (issue 20, item 4): ratings coded a byte a row (widened when their values
// are many), rating ranges read from the ratings' orders, orders' blocks sized to their rows and
// packed in snapshots, block ids in two bytes (four past 65,535 blocks) — each answering as a plain model.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { RATING_FIELDS } from '../../../types/api';
import { has } from '../../../server/entities/profiles/count-index/bitset';
import { NumberColumn } from '../../../server/entities/profiles/count-index/number-column';
import { BlockStore, OrderedRows } from '../../../server/entities/profiles/count-index/ordered-rows';
import { whole } from '../../../server/entities/profiles/count-index/slices';
import { TokenIndex } from '../../../server/entities/profiles/count-index/tokens';
import { NUMERIC_SORTS, ProfileIndex, type IndexedProfile, type ProfileChange } from '../../../server/entities/profiles/count-index/index';
import { applyBatch, expectSameAnswers, indexed, modelOrder, rowArbitrary, SORTS, TEXT_SORTS, type ModelRow } from './count-index-model';

describe('the profile index in less memory', () => {
  it('a coded number column gives back every value set, a byte a row, then two, then the values themselves', () => {
    const capacity = 80_000;
    const column = new NumberColumn(capacity, true);
    const model = new Float64Array(capacity).fill(NaN);
    const check = (of: NumberColumn) => {
      for (let p = 0; p < capacity; p++) expect(Object.is(of.get(p), model[p]) || (of.get(p) === 0 && model[p] === 0)).toBe(true);
    };
    const set = (p: number, value: number | null) => {
      column.set(p, value);
      model[p] = value ?? NaN;
    };
    // a tenth's steps and missing values: a byte a row
    for (let p = 0; p < capacity; p++) set(p, p % 7 === 0 ? null : (p % 101) / 10);
    expect(column.coded).toBe(true);
    expect(column.bytes()).toBeLessThan(capacity * 1.1);
    check(column);
    check(NumberColumn.fromParts(column.toParts()));
    // past 255 values: two bytes a row, the same answers (read back from its parts too)
    for (let p = 0; p < 1000; p++) set(p * 13, p / 7);
    expect(column.coded).toBe(true);
    expect(column.bytes()).toBeLessThan(capacity * 2 + 2 ** 16); // and its table of ~1,100 values
    check(column);
    const copy = NumberColumn.fromParts(column.toParts());
    check(copy);
    // past 65,535 values: the values themselves
    for (let p = 0; p < 70_000; p++) set(p, 1e6 + p * 0.001);
    expect(column.coded).toBe(false);
    check(column);
    check(NumberColumn.fromParts(column.toParts()));
    // a column read back keeps coding new values
    copy.set(5, 123.456);
    expect(copy.get(5)).toBe(123.456);
    const grown = NumberColumn.fromParts(copy.toParts());
    whole(grown.resizing(capacity * 2));
    grown.set(capacity + 1, 0.5);
    expect([grown.get(5), grown.get(capacity + 1), grown.get(capacity + 2)]).toEqual([123.456, 0.5, NaN]);
  });

  it('rating ranges read from the orders answer as a filter over every row, for any values and bounds, after changes too', () => {
    const rows = 3000;
    const rating = fc.option(
      fc.oneof(
        fc.integer({ min: -1, max: 11 }),
        fc.integer({ min: -10, max: 110 }).map((n) => n / 10),
        fc.double({ min: -1, max: 11, noNaN: true }),
      ),
      { freq: 8 },
    );
    const bound = fc.option(fc.oneof(fc.integer({ min: -1, max: 11 }), fc.double({ min: -1, max: 11, noNaN: true })), { freq: 4 });
    fc.assert(
      fc.property(
        fc.array(rating, { minLength: rows, maxLength: rows }),
        fc.array(fc.tuple(fc.integer({ min: 1, max: rows }), rating), { maxLength: 400 }),
        fc.array(fc.tuple(bound, bound), { minLength: 20, maxLength: 20 }),
        (values, changes, ranges) => {
          const ratings = new Map(values.map((value, i) => [i + 1, value]));
          const profile = (id: number): IndexedProfile => ({
            id,
            data_source_ids: [1],
            nationality_codes: [],
            gender_value: null,
            numbers: Object.fromEntries(
              NUMERIC_SORTS.map((field) => [field, field === 'tech_rating' ? ratings.get(id)! : field === 'education_rating' ? null : id]),
            ) as IndexedProfile['numbers'],
          });
          const index = new ProfileIndex(1, rows, [...NUMERIC_SORTS], [...RATING_FIELDS]);
          for (let id = 1; id <= rows; id++) index.load(profile(id));
          index.loadOrders(new Map(), whole(TokenIndex.buildSteps(Array.from({ length: rows }, () => 'x'))));
          const expectRanges = () => {
            for (const [gte, lte] of ranges) {
              if (gte === null && lte === null) continue; // no range: every row
              const filters = { ...(gte === null ? {} : { tech_rating__gte: gte }), ...(lte === null ? {} : { tech_rating__lte: lte }) };
              const { set, count } = index.matching(null, filters, []);
              const expected = [...ratings]
                .filter(([, value]) => value !== null && (gte === null || value >= gte) && (lte === null || value <= lte))
                .map(([id]) => id - 1);
              expect(count).toBe(expected.length);
              expect(expected.every((position) => has(set, position))).toBe(true);
            }
            // a missing rating is in no range
            expect(index.matching(null, { education_rating__gte: -1e9 }, []).count).toBe(0);
          };
          expectRanges();
          const changed: ProfileChange[] = changes.map(([id, value]) => {
            ratings.set(id, value);
            return { id, profile: profile(id), searchChanged: false, previous: {} };
          });
          const unique = new Map(changed.map((change) => [change.id, { ...change, profile: profile(change.id) }]));
          expect(index.apply([...unique.values()], 2)).toBe(true);
          expectRanges();
        },
      ),
      { seed: 4, numRuns: 15 },
    );
  });

  it('block ids past 65,535 blocks widen to four bytes', () => {
    const blocks = 70_000;
    const store = new BlockStore(blocks);
    for (let position = 0; position < blocks; position++)
      store.register({ rows: Uint32Array.of(position), length: 1, index: position, id: -1 });
    for (const position of [0, 1, 65_534, 65_535, 65_536, blocks - 1]) expect(store.idOf(position)).toBe(position);
    store.place(3, -1);
    expect(store.idOf(3)).toBe(-1);
    expect(store.bytes()).toBe(blocks * 4);
  });

  it('an order read back from its packed snapshot moves its blocks out as they change, then lets the array read go', () => {
    const size = 20_000;
    const store = new BlockStore(size * 2);
    const model = Array.from({ length: size }, (_, i) => i * 2);
    const original = OrderedRows.from(model, store);
    expect(original.bytes()).toBe(size * 4); // blocks as loaded: no room left over
    const read = OrderedRows.fromParts(original.toParts(), BlockStore.fromParts(store.toParts()));
    expect(read.bytes()).toBe(size * 4);
    // an odd position after each of most even ones: every block changes, one by one
    for (let i = 0; i < size; i += 2) {
      read.insertAfter(i * 2, i * 2 + 1);
      model.splice(model.indexOf(i * 2) + 1, 0, i * 2 + 1);
    }
    expect(read.toArray()).toEqual(model);
    // each block in an array of its own with a little room (64 rows), nothing of the array read kept
    expect(read.bytes()).toBeLessThanOrEqual(4 * (model.length + 64 * Math.ceil(model.length / 512)));
    for (let i = 0; i < size; i += 4) {
      expect(read.remove(i * 2)).toBe(true);
      model.splice(model.indexOf(i * 2), 1);
    }
    expect(read.toArray()).toEqual(model);
  });

  it('costs about a byte a row per rating and four bytes a row per order', async () => {
    const rows = 50_000;
    const index = new ProfileIndex(1, rows, ['first_name', ...NUMERIC_SORTS], [...RATING_FIELDS]);
    for (let id = 1; id <= rows; id++)
      index.load({
        id,
        data_source_ids: [1],
        nationality_codes: ['FR'],
        gender_value: 'female',
        numbers: Object.fromEntries(
          NUMERIC_SORTS.map((field) => [field, field.endsWith('_at') ? id * 1e6 : (id % 101) / 10]),
        ) as IndexedProfile['numbers'],
      });
    const names = Array.from({ length: rows }, (_, i) => i + 1);
    index.loadOrders(new Map([['first_name', { valued: names, missing: [] }]]), await TokenIndex.build(names.map((id) => `p${id}`)));
    const parts = index.bytesByPart();
    expect(parts['numbers.ratings']).toBeLessThan(4 * rows * 1.1);
    for (const field of NUMERIC_SORTS) expect(parts[`orders.${field}`]).toBeLessThan(4 * rows * 1.01);
    // a name order also knows each row's block: two bytes a row
    expect(parts['orders.first_name']).toBeLessThan(6 * rows * 1.01);
  });
  it('an index read back with much spare room is sized to its rows, answers alike and grows again', async () => {
    const rowsOf = (ids: number[], seed: number) =>
      fc.sample(fc.tuple(...ids.map((id) => rowArbitrary(id))), { seed, numRuns: 1 })[0] as ModelRow[];
    const ids = Array.from({ length: 3000 }, (_, i) => i + 1);
    const model = new Map(rowsOf(ids, 5).map((row) => [row.id, row]));
    // as after growths: room for 50,000 rows
    const index = new ProfileIndex(1, 50_000, SORTS, [...RATING_FIELDS]);
    for (const row of model.values()) index.load(indexed(row));
    const orders = new Map(
      TEXT_SORTS.map((field) => {
        const order = modelOrder([...model.values()], field);
        return [
          field,
          {
            valued: order.filter((r) => r[field] !== null).map((r) => r.id),
            missing: order.filter((r) => r[field] === null).map((r) => r.id),
          },
        ];
      }),
    );
    index.loadOrders(orders, await TokenIndex.build([...model.values()].map((row) => row.document)));
    const read = ProfileIndex.fromParts(index.toParts());
    const before = read.bytes();
    whole(read.fitting());
    expect(read.bytes()).toBeLessThan(before / 3);
    expectSameAnswers(read, model);
    // 2,000 new rows (past the fitted room: it grows), then changes and deletions
    const added = rowsOf(ids.map((id) => id + 3000).slice(0, 2000), 6).map((row): [number, ModelRow | null] => [row.id, row]);
    applyBatch(model, added, 2, [read]);
    const changed = rowsOf(ids.slice(0, 1500), 7).map((row, i): [number, ModelRow | null] => [row.id, i % 3 === 0 ? null : row]);
    applyBatch(model, changed, 3, [read]);
    expectSameAnswers(read, model);
  });
});
