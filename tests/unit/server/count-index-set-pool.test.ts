// Sets cut from arenas and handed out again when the index drops them (set-pool.ts): only once no read is
// in flight, cleared, or once the collector finds them unreachable; and
// lists read in slices side by side while each one's puts drop the sets the others walk still
// answer as a plain index.
import { describe, expect, it } from 'vitest';
import v8 from 'node:v8';
import vm from 'node:vm';
import { ARENA_SETS, freeSets, readEnded, readStarted, releaseSet, takeSet } from '../../../server/entities/profiles/count-index/set-pool';
import { NUMERIC_SORTS, ProfileIndex, type IndexedProfile } from '../../../server/entities/profiles/count-index/index';
import { Slicer } from '../../../server/entities/profiles/count-index/slices';
import { TokenIndex } from '../../../server/entities/profiles/count-index/tokens';
import type { ProfileFilters } from '../../../server/entities/profiles/filters';
import { RATING_FIELDS } from '../../../types/api';
import { yieldToEventLoop } from '../../../server/util/slices';

describe('the set pool', () => {
  it('hands a dropped set out again only after the reads in flight end, cleared', () => {
    // synchronous: no set of this length is reclaimed by the collector meanwhile (that is a task)
    const words = 1237; // a length no other test asks for
    expect(takeSet(words)).toHaveLength(words); // the pool now keeps sets of this length
    const dropped = takeSet(words).fill(0xffffffff);
    const free = freeSets();
    readStarted();
    releaseSet(dropped);
    expect(takeSet(words)).not.toBe(dropped); // a read may still walk it
    readStarted();
    readEnded();
    expect(freeSets()).toBe(free); // one read is still in flight
    readEnded();
    expect(freeSets()).toBe(free + 1);
    const again = takeSet(words);
    expect(again).toBe(dropped);
    expect(again.every((word) => word === 0)).toBe(true);
    // a set of another length is not kept: an index that grew asks for its new length
    releaseSet(takeSet(words + 1));
    readStarted();
    readEnded();
    expect(takeSet(words)).not.toBe(dropped);
  });

  it('cuts sets from arenas of many sets, one allocation each', () => {
    const words = 1301;
    const sets = Array.from({ length: ARENA_SETS + 1 }, () => takeSet(words));
    const [first] = sets;
    expect(first.buffer.byteLength).toBe(words * 4 * ARENA_SETS);
    expect(sets.slice(0, ARENA_SETS).every((set) => set.buffer === first.buffer)).toBe(true);
    expect(new Set(sets.slice(0, ARENA_SETS).map((set) => set.byteOffset)).size).toBe(ARENA_SETS);
    expect(sets[ARENA_SETS].buffer).not.toBe(first.buffer); // the next arena
    expect(sets.every((set) => set.length === words && set.every((word) => word === 0))).toBe(true);
  });

  it('hands out again, cleared, the place of a set nobody released once the collector finds it unreachable', async () => {
    v8.setFlagsFromString('--expose-gc');
    const collect = vm.runInNewContext('gc') as () => void;
    const words = 1409;
    const kept = takeSet(words); // the pool keeps this length
    let lost: Uint32Array | undefined = takeSet(words).fill(7);
    const place = lost.byteOffset;
    lost = undefined;
    // the registry's callback is a task after a full collection: a few rounds at most, no clock
    for (let round = 0; round < 20 && freeSets() === 0; round++) {
      collect();
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(freeSets()).toBe(1);
    const again = takeSet(words);
    expect([again.buffer, again.byteOffset]).toEqual([kept.buffer, place]);
    expect(again.every((word) => word === 0)).toBe(true);
  });
});

const profile = (id: number): IndexedProfile => ({
  id,
  data_source_ids: [1 + (id % 4)],
  nationality_codes: [['FR', 'DE', 'US'][id % 3]],
  gender_value: id % 2 ? 'female' : 'male',
  numbers: Object.fromEntries(
    NUMERIC_SORTS.map((field, i) => [field, field.endsWith('rating') ? ((id * (i + 3)) % 101) / 10 : id]),
  ) as IndexedProfile['numbers'],
});

async function indexOf(rows: number): Promise<ProfileIndex> {
  const index = new ProfileIndex(1, rows, [...NUMERIC_SORTS], [...RATING_FIELDS]);
  for (let id = 1; id <= rows; id++) index.load(profile(id));
  const documents = Array.from({ length: rows }, (_, i) => `person${i + 1} ${i % 5 ? 'engineer' : 'founder'} at${i % 7}`);
  index.loadOrders(new Map(), await TokenIndex.build(documents));
  return index;
}

describe('lists read side by side while their sets are dropped and made again', () => {
  it('answer as a plain index', async () => {
    const rows = 4000;
    const lists: [number[] | null, ProfileFilters, string[]][] = [];
    for (let i = 0; i < 24; i++) {
      const filters: ProfileFilters = {};
      if (i % 2) filters.gender = ['female'];
      if (i % 3) filters.nationalities = [['FR', 'DE', 'US'][i % 3], 'US'];
      filters.tech_rating__gte = i % 10;
      filters.tech_rating__lte = 10 - (i % 4);
      lists.push([i % 4 ? [1 + (i % 4), 3] : null, filters, i % 5 ? ['engineer', `at${i % 7}`] : ['founder']]);
    }
    const sort = { field: 'created_at', descending: true, offset: 3, limit: 5 } as const;
    const plain = await indexOf(rows);
    const expected = lists.map(([readable, filters, terms]) => plain.list(readable, filters, terms, sort));
    const index = await indexOf(rows);
    // room for about two sets: every list's puts drop sets the others may be walking
    index.limitCaches(2 * 4 * Math.ceil(rows / 32));
    const slicer = () => new Slicer(0, () => 0, yieldToEventLoop); // a pause at every step
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all(
        lists.map(([readable, filters, terms]) => index.read(() => index.listInSlices(readable, filters, terms, sort, slicer()))),
      );
      expect(answers).toEqual(expected);
    }
  });

  it('a list of one part remembering its part again does not give that set back', async () => {
    const plain = await indexOf(4000);
    const index = await indexOf(4000);
    const sort = { field: 'tech_rating', descending: false, offset: 0, limit: 5 } as const;
    const ask = (filters: ProfileFilters) => index.read(() => index.listInSlices(null, filters, [], sort));
    const both = { nationalities: ['FR', 'US'], gender: ['male'] };
    const alone = { nationalities: ['FR', 'US'] };
    await ask(both); // the nationalities' union remembered as a part
    await ask(alone); // the same set remembered again as a whole list, with its count
    await ask({ tech_rating__gte: 2, tech_rating__lte: 3, gender: ['female'] }); // sets taken meanwhile
    expect(await ask(alone)).toEqual(plain.list(null, alone, [], sort));
    expect(await ask(both)).toEqual(plain.list(null, both, [], sort));
  });
});
