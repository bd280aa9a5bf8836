import { RATING_FIELDS, type RatingField } from '../../../../types/api';
import type { ProfileFilters } from '../filters';
import {
  add,
  emptySet,
  has,
  intersectionCounted,
  remove,
  setsFromParts,
  setsToParts,
  size,
  sizedFor,
  unionAllInto,
  type Bitset,
} from './bitset';
import { parts, type Parts } from './parts';
import type { RememberedSets, RowTest, SetTest, UsedOrigin } from './remembered-sets';
import { termTest } from './term-test';
import type { SearchIndex } from './tokens';
import type { Sliced } from './slices';

/**
 * The sets a list is built from — each data source's, nationality's and gender's rows as
 * bitsets — and the building itself: a list's filters become a few sets (a union per
 * filter, a rating range, a search term's rows), intersected, each remembered for the
 * index's version (remembered-sets.ts).
 */
export class MemberSets {
  bySource = new Map<number, Bitset>();
  byNationality = new Map<string, Bitset>();
  byGender = new Map<string, Bitset>();

  /**
   * Each set's members, once counted, then followed as rows come and go (a list of one set and nothing
   * else is counted from it on every asking; recounting after every change cost 5 % of the main thread
   * under 10 writes a second at ten million rows).
   */
  private sizes = new WeakMap<Bitset, number>();

  constructor(private capacity: number) {}

  /** Puts the row in the sets of its sources, nationalities and gender. */
  add(position: number, sources: number[], nationalities: string[], gender: string | null): void {
    for (const id of sources) this.addTo(this.setOf(this.bySource, id), position);
    for (const code of nationalities) this.addTo(this.setOf(this.byNationality, code), position);
    if (gender !== null) this.addTo(this.setOf(this.byGender, gender), position);
  }

  /** Takes the row out of every set. */
  remove(position: number): void {
    for (const sets of this.all()) {
      for (const set of sets.values()) {
        if (!has(set, position)) continue;
        remove(set, position);
        const members = this.sizes.get(set);
        if (members !== undefined) this.sizes.set(set, members - 1);
      }
    }
  }

  /** How many members one of these sets has (counted once, until it changes). */
  sizeOf(set: Bitset): number {
    let members = this.sizes.get(set);
    if (members === undefined) {
      members = size(set);
      this.sizes.set(set, members);
    }
    return members;
  }

  private addTo(set: Bitset, position: number): void {
    if (has(set, position)) return;
    add(set, position);
    const members = this.sizes.get(set);
    if (members !== undefined) this.sizes.set(set, members + 1);
  }

  /** Sets sized for exactly `capacity` rows, pausing between them. */
  *resizing(capacity: number): Sliced<void> {
    this.capacity = capacity;
    for (const sets of this.all()) {
      for (const [key, set] of sets) {
        sets.set(key, sizedFor(set, capacity));
        yield;
      }
    }
  }

  bytesByPart(): Record<string, number> {
    const bytes = (sets: Map<unknown, Bitset>) => [...sets.values()].reduce((sum, set) => sum + set.byteLength, 0);
    return { sources: bytes(this.bySource), nationalities: bytes(this.byNationality), genders: bytes(this.byGender) };
  }

  toParts(): Record<string, Parts> {
    return {
      bySource: parts(setsToParts(this.bySource)),
      byNationality: parts(setsToParts(this.byNationality)),
      byGender: parts(setsToParts(this.byGender)),
    };
  }

  static fromParts(children: Record<string, Parts>, capacity: number): MemberSets {
    const sets = new MemberSets(capacity);
    sets.bySource = setsFromParts<number>(children.bySource.arrays, true);
    sets.byNationality = setsFromParts<string>(children.byNationality.arrays, false);
    sets.byGender = setsFromParts<string>(children.byGender.arrays, false);
    return sets;
  }

  private all(): Map<unknown, Bitset>[] {
    return [this.bySource, this.byNationality, this.byGender] as Map<unknown, Bitset>[];
  }

  private setOf<K>(sets: Map<K, Bitset>, key: K): Bitset {
    let set = sets.get(key);
    if (!set) {
      set = emptySet(this.capacity);
      sets.set(key, set);
    }
    return set;
  }
}

/** What a list's set is built from, as the index holds it now. */
export interface SetSources {
  capacity: number;
  live: Bitset;
  members: MemberSets;
  search: SearchIndex;
  remembered: RememberedSets;
  /** the rows whose rating lies in [gte, lte] (a new set) */
  ratingRange(field: RatingField, gte: number, lte: number): Sliced<Bitset>;
  /** whether the row at a position is live with its rating in [gte, lte] (a remembered range's test) */
  ratingTest(field: RatingField, gte: number, lte: number): RowTest;
}

/** A part: its key, how its set is made, its test on one row after a change, and the index's own set when the part is one of them. */
type Part = [string, () => Sliced<Bitset>, SetTest | undefined, Bitset?];

/** A list's parts (each: its key, how its set is made, its test on one row after a change; none: dropped then) and its whole filter's key. */
function listParts(from: SetSources, readable: number[] | null, filters: ProfileFilters, terms: string[]): { parts: Part[]; all: string } {
  let sources: number[] | null = readable;
  if (filters.data_sources?.length)
    sources = readable === null ? filters.data_sources : filters.data_sources.filter((id) => readable.includes(id));
  const { members, remembered } = from;
  const parts: Part[] = [];
  if (sources !== null) parts.push(anyOf('source', members.bySource, sources, from.capacity));
  if (filters.nationalities?.length) parts.push(anyOf('nationality', members.byNationality, filters.nationalities, from.capacity));
  if (filters.gender?.length) parts.push(anyOf('gender', members.byGender, filters.gender, from.capacity));
  // a term's rows in slices: a broad one is millions of postings at ten million rows (search.ts); its
  // test reads its own remembered set for rows whose document did not change (term-test.ts). Several
  // terms make one set: each term after the first is looked up among the first's rows only (`at` of
  // `founder at` is most tokens, but the founders' rows are found in its own bitset).
  const unique = [...new Set(terms.filter(Boolean))].sort();
  if (unique.length === 1) {
    const [term] = unique;
    parts.push([`term ${term}`, () => from.search.rowsContainingSteps(term), termTest(remembered, `term ${term}`, term)]);
  } else if (unique.length > 1) {
    const key = `terms ${unique.join(' ')}`;
    parts.push([key, () => from.search.rowsContainingAllSteps(unique), termTest(remembered, key, unique)]);
  }
  for (const field of RATING_FIELDS) {
    const gte = filters[`${field}__gte`] ?? -Infinity;
    const lte = filters[`${field}__lte`] ?? Infinity;
    if (gte !== -Infinity || lte !== Infinity)
      parts.push([`${field} ${gte} ${lte}`, () => from.ratingRange(field, gte, lte), { test: from.ratingTest(field, gte, lte) }]);
  }
  const key = parts
    .map(([part]) => part)
    .sort()
    .join('\n');
  // a list of one part (not the index's own) is that part's set: remembered once, with its count
  return { parts, all: parts.length === 1 && !parts[0][3] ? parts[0][0] : `all\n${key}` };
}

/** How many sets `buildingSet` would make and remember for this list now (0: it is remembered). */
export function setsToMake(from: SetSources, readable: number[] | null, filters: ProfileFilters, terms: string[]): number {
  const { parts, all } = listParts(from, readable, filters, terms);
  if (from.remembered.holds(all) || soleSet(parts)) return 0;
  return (parts.length === 1 ? 0 : 1) + parts.filter(([part, , , own]) => !own && !from.remembered.holds(part)).length;
}

/**
 * The rows `applyProfileFilters` and the search keep (`readable` null: staff), as a set,
 * and how many they are; the set is shared (remembered): not to be changed. `origin`: what
 * asked for it, remembered with the whole filter's set (the keys a restarted index warms).
 */
export function* buildingSet(
  from: SetSources,
  readable: number[] | null,
  filters: ProfileFilters,
  terms: string[],
  origin?: UsedOrigin,
): Sliced<{ set: Bitset; count: number }> {
  const { remembered, live } = from;
  const { parts, all } = listParts(from, readable, filters, terms);
  const sole = soleSet(parts);
  if (sole) return { set: sole, count: from.members.sizeOf(sole) };
  const found = remembered.counted(all);
  if (found) return found;
  if (parts.length === 1) {
    // the part's own set is the list's, counted (no copy: a pass and 1.25 MB at ten million rows)
    const [part, make, test] = parts[0];
    const set = remembered.peek(part) ?? (yield* make());
    const count = size(set);
    remembered.put(part, set, count, test, origin);
    return { set, count };
  }
  // the parts' sets, then their intersection counted in the same pass (a copy of the live rows with no
  // parts: a remembered set is corrected, never an alias of what changes)
  const sets: Bitset[] = [];
  for (const [part, make, test, own] of parts) {
    // the index's own set as it is (a copy remembered beside it would cost a pass and 1.25 MB at ten million rows)
    sets.push(own ?? remembered.get(part, true) ?? remembered.put(part, yield* make(), undefined, test, { origin: undefined, uses: 0 }));
    yield;
  }
  const { set, count } = yield* intersectionCounted(sets.length ? sets : [live]);
  remembered.put(
    all,
    set,
    count,
    wholeTest(
      parts.map(([, , test]) => test),
      live,
    ),
    origin,
  );
  return { set, count };
}

/**
 * The index's own set when a list asks for one data source's, nationality's or gender's rows and
 * nothing else: answered as it is, its count kept until it changes (counting it takes half a
 * millisecond at ten million rows: too much on every asking), neither copied nor remembered (a copy was 1.25 MB, and each such allocation brings V8's next full collection closer).
 */
function soleSet(parts: Part[]): Bitset | undefined {
  return parts.length === 1 ? parts[0][3] : undefined;
}

/**
 * A whole filter's test: its parts' tests all true (the live rows with no parts), a term's as its corrected set
 * says (term-test.ts); none when a part has none.
 */
function wholeTest(tests: (SetTest | undefined)[], live: Bitset): SetTest | undefined {
  if (!tests.length) return { test: (position) => has(live, position) };
  if (!tests.every((t) => t !== undefined)) return undefined;
  const each = (tests as SetTest[]).map(({ test, corrected }) => corrected ?? test);
  return {
    test: (position, changed) => each.every((test) => test(position, changed)),
    needs: (tests as SetTest[]).flatMap(({ needs }) => needs ?? []),
  };
}

/** The union of the sets of `keys`, with its key among the remembered sets (and the one set, for one key). */
function anyOf<K>(name: string, sets: Map<K, Bitset>, keys: K[], capacity: number): Part {
  const unique = [...new Set(keys)].sort();
  const test: RowTest = (position) =>
    unique.some((key) => {
      const set = sets.get(key);
      return set !== undefined && has(set, position);
    });
  return [
    `${name} ${unique.join(' ')}`,
    function* () {
      const union = emptySet(capacity);
      // a viewer may read hundreds of sources: one pass over them all, pausing now and then
      yield* unionAllInto(
        union,
        unique.flatMap((key) => sets.get(key) ?? []),
      );
      return union;
    },
    { test },
    unique.length === 1 ? sets.get(unique[0]) : undefined,
  ];
}
