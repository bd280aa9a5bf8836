// The profile index's long work cut into slices (issue 20, item 2): the slicing helper pauses
// when its budget is spent and never otherwise (a clock injected, no timing asserted); a long
// catch-up lets other tasks run between its slices while reads wait for it and never see a
// half-applied change; the sliced sort and id parsing of a build answer as the plain ones.
import { describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { inSlices, Slicer, whole, type Sliced } from '../../../server/entities/profiles/count-index/slices';
import { runInBackground, runInSlices, slicing } from '../../../server/entities/profiles/count-index/steps';
import { sortingByNumberInSlices } from '../../../server/entities/profiles/count-index/sort-in-slices';
import { parsingIds } from '../../../server/entities/profiles/count-index/build';
import { NUMERIC_SORTS, ProfileIndex, type IndexedProfile, type ProfileChange } from '../../../server/entities/profiles/count-index/index';
import { TokenIndex } from '../../../server/entities/profiles/count-index/tokens';
import { RATING_FIELDS } from '../../../types/api';

/** A clock that moves only when told: `tick` ms per reading, or set by hand. */
function manualClock(tick = 0) {
  const clock = {
    now: 0,
    read: () => {
      const now = clock.now;
      clock.now += tick;
      return now;
    },
  };
  return clock;
}

/** A pause that counts, instead of waiting for the event loop. */
function countingPause() {
  const pause = { count: 0, run: async () => void pause.count++ };
  return pause;
}

function* steps(n: number): Sliced<number> {
  for (let i = 0; i < n; i++) yield;
  return n;
}

describe('slicing', () => {
  it('pauses once the budget is spent since the last pause, and never before', async () => {
    const clock = manualClock();
    const pause = countingPause();
    const slicer = new Slicer(5, clock.read, pause.run);
    clock.now = 4.9;
    expect(slicer.due).toBe(false);
    await slicer.slice();
    expect(pause.count).toBe(0);
    clock.now = 5;
    expect(slicer.due).toBe(true);
    await slicer.slice();
    expect([pause.count, slicer.pauses]).toEqual([1, 1]);
    // the budget counts again from the pause
    expect(slicer.due).toBe(false);
    clock.now = 9.9;
    await slicer.slice();
    expect(pause.count).toBe(1);
    clock.now = 10;
    await slicer.slice();
    expect(pause.count).toBe(2);
  });

  it('runs a generator to the same end in slices as whole, pausing as often as the clock says', async () => {
    expect(whole(steps(1000))).toBe(1000);
    // a clock still: never due, never a pause
    const still = countingPause();
    expect(await inSlices(steps(1000), new Slicer(5, () => 0, still.run))).toBe(1000);
    expect(still.count).toBe(0);
    // 1 ms per reading, a 5 ms budget: one pause every 5 pause points (each reads the clock once)
    const pause = countingPause();
    expect(await inSlices(steps(1000), new Slicer(5, manualClock(1).read, pause.run))).toBe(1000);
    expect(pause.count).toBe(200);
  });

  it('pauses background work (a merge, the broad tokens) after its shorter budget', async () => {
    // the clock moves 1 ms at each reading; the steps' own pauses are counted
    let now = 0;
    const clock = vi.spyOn(performance, 'now').mockImplementation(() => now++);
    try {
      const pauses = async (background: boolean) => {
        const pause = countingPause();
        expect(await (background ? runInBackground : runInSlices)(steps(1000), pause.run)).toBe(1000);
        return pause.count;
      };
      expect([slicing.ms, slicing.backgroundMs]).toEqual([5, 1]);
      const request = await pauses(false);
      const background = await pauses(true);
      expect(request).toBeGreaterThan(100);
      expect(background).toBeGreaterThan(3 * request);
    } finally {
      clock.mockRestore();
    }
  });

  it('sorts positions by value then id as a comparison sort does, in id order or not', () => {
    const value = fc.oneof(
      fc.integer({ min: -3, max: 3 }),
      fc.constantFrom(0, -0, 0.1, -0.1, 9.95, 1e-300, -1e-300, Infinity, -Infinity, 1.7e15, 1.7e15 + 1),
      fc.double({ noNaN: true }),
    );
    fc.assert(
      fc.property(fc.array(value, { minLength: 20_000, maxLength: 30_000 }), fc.boolean(), (numbers, shuffled) => {
        const values = Float64Array.from(numbers);
        // ids distinct, by position or reversed (positions not in id order, as after changes)
        const ids = Int32Array.from(numbers.keys(), (i) => (shuffled ? 1_000_000 - 7 * i : i - 500));
        const positions = Uint32Array.from(numbers.keys());
        const expected = [...positions].sort((a, b) => values[a] - values[b] || ids[a] - ids[b]);
        expect([...whole(sortingByNumberInSlices(positions, values, ids))]).toEqual(expected);
      }),
      { seed: 20, numRuns: 20 },
    );
  });

  it('reads a list of ids as split and Number do', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -2147483648, max: 2147483647 }), { maxLength: 200_000 }), (ids) => {
        expect([...whole(parsingIds(ids.join(',')))]).toEqual(ids);
      }),
      { seed: 21, numRuns: 30 },
    );
  });
});

const profile = (id: number, rating: number): IndexedProfile => ({
  id,
  data_source_ids: [1 + (id % 3)],
  nationality_codes: id % 2 ? ['FR'] : ['DE'],
  gender_value: id % 2 ? 'female' : 'male',
  numbers: Object.fromEntries(NUMERIC_SORTS.map((field) => [field, field === 'tech_rating' ? rating : id])) as IndexedProfile['numbers'],
});

async function indexOf(rows: number): Promise<ProfileIndex> {
  const index = new ProfileIndex(1, rows, [...NUMERIC_SORTS], [...RATING_FIELDS]);
  for (let id = 1; id <= rows; id++) index.load(profile(id, 1));
  index.loadOrders(new Map(), await TokenIndex.build(Array.from({ length: rows }, (_, i) => `person${i + 1} engineer`)));
  return index;
}

/** Every row's tech rating set to `rating` (and a new row), as the journal would give it. */
const changesTo = (rows: number, rating: number): ProfileChange[] =>
  Array.from({ length: rows + 1 }, (_, i) => ({
    id: i + 1,
    profile: profile(i + 1, rating),
    search_text: `person${i + 1} engineer`,
    searchChanged: false,
    previous: {},
  }));

describe('a catch-up applied in slices', () => {
  const filters = { tech_rating__gte: 5, tech_rating__lte: 10 };

  it('lets other tasks run between its slices, and reads that come meanwhile wait for its end', async () => {
    const index = await indexOf(3000);
    // every pause point is due: as many slices as pause points
    const slicer = new Slicer(1, manualClock(1).read);
    const applying = index.applyInSlices(changesTo(3000, 7), 2, slicer);
    let otherTurns = 0;
    let stop = false;
    const other = (async () => {
      while (!stop) {
        otherTurns++;
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    // asked after the catch-up began: answered once it ended, at its version, every row changed
    const read = index.read(() => ({ turns: otherTurns, version: index.version, count: index.matching(null, filters, []).count }));
    const applied = await applying;
    const turnsDuringApply = otherTurns;
    stop = true;
    await other;
    expect(applied).toBe(true);
    expect(slicer.pauses).toBeGreaterThan(10);
    expect(turnsDuringApply).toBeGreaterThan(10); // interleavings, not milliseconds
    // not answered while the change was half-applied: after the other task's last turn during it
    expect(await read).toEqual({ turns: turnsDuringApply, version: 2, count: 3001 });
  });

  it('waits for reads in flight, which answer at the version they began with', async () => {
    const index = await indexOf(3000);
    const events: string[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const read = index.read(async () => {
      const before = (await index.matchingInSlices(null, filters, [], new Slicer(1, manualClock(1).read))).count;
      events.push('read paused');
      await held;
      events.push('read ends');
      return [before, index.version];
    });
    await new Promise((resolve) => setImmediate(resolve));
    const applying = index.applyInSlices(changesTo(3000, 7), 2).then((ok) => events.push('applied') && ok);
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
    expect(index.version).toBe(1);
    release();
    expect(await read).toEqual([0, 1]);
    expect(await applying).toBe(true);
    expect(events).toEqual(['read paused', 'read ends', 'applied']);
    expect(await index.read(() => index.matching(null, filters, []).count)).toBe(3001);
  });

  it('answers as the whole computation in slices: sets, counts and pages', async () => {
    const index = await indexOf(3000);
    index.apply(changesTo(1500, 6), 2);
    const slicer = new Slicer(1, manualClock(1).read);
    const sliced = await index.matchingInSlices([1, 2], filters, ['engineer'], slicer);
    const plain = index.matching([1, 2], filters, ['engineer']);
    expect(sliced.count).toBe(plain.count);
    for (const [field, descending, offset] of [
      ['tech_rating', false, 0],
      ['created_at', true, 990],
      ['updated_at', false, 400],
    ] as const)
      expect(await index.pageInSlices(sliced.set, sliced.count, field, descending, offset, 10, slicer)).toEqual(
        index.page(plain.set, plain.count, field, descending, offset, 10),
      );
    expect(slicer.pauses).toBeGreaterThan(0);
  });
});
