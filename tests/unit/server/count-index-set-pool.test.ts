// Sets the index drops handed out again (set-pool.ts): only once no read is in flight, cleared, and
// lists read in slices side by side while each one's puts drop the sets the others walk still
// answer as a plain index.
import { describe, expect, it } from 'vitest';
import { freeSets, readEnded, readStarted, releaseSet, takeSet } from '../../../server/entities/profiles/count-index/set-pool';
import { NUMERIC_SORTS, ProfileIndex, type IndexedProfile } from '../../../server/entities/profiles/count-index/index';
import { Slicer } from '../../../server/entities/profiles/count-index/slices';
import { TokenIndex } from '../../../server/entities/profiles/count-index/tokens';
import type { ProfileFilters } from '../../../server/entities/profiles/filters';
import { RATING_FIELDS } from '../../../types/api';
import { yieldToEventLoop } from '../../../server/util/slices';

describe('the set pool', () => {
  it('hands a dropped set out again only after the reads in flight end, cleared', () => {
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
