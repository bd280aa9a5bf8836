// GET /api/v1/profiles and /profiles/dimensions/ (SPEC §2 Profiles list, §7
// Profiles; CONVENTIONS "API" → Lists and "Who sees what"), on the explicit
// world of fixtures/profiles.ts: search, every filter alone and combined, the
// eight orderings, paging, bad values, and what each kind of user sees. Run twice:
// SQL answering alone, and with the in-memory count index answering counts and pages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListResponse, ProfileDimensions, ProfileSummary, RatingField } from '../../types/api';
import { startTestApi, type TestApi } from './harness';
import { expectErrors, expectStatus, isoUtc } from './expect';
import { enableProfileCountIndex, profileCountIndexSettled } from '../../server/entities/profiles/count-index/manager';
import {
  PROFILES,
  READABLE_SOURCES,
  buildProfileWorld,
  profilesIn,
  queryString,
  type ProfileKey,
  type ProfileWorld,
  type UserKey,
} from './fixtures/profiles';

describe.each([
  ['SQL', false],
  ['the count index', true],
])('answered by %s', (_, withIndex) => {
  let api: TestApi;
  let world: ProfileWorld;

  beforeAll(async () => {
    api = await startTestApi();
    world = await buildProfileWorld(api);
    if (withIndex) {
      enableProfileCountIndex(api.handle.db, { minRows: 0 });
      expect(await profileCountIndexSettled(api.handle.db)).toBe(true);
    }
  });
  afterAll(async () => api?.close());

  type Params = Parameters<typeof queryString>[0];
  const get = (user: UserKey, url: string) => api.call(world.users[user].token, { method: 'GET', url });
  async function list(user: UserKey, params: Params = {}): Promise<ListResponse<ProfileSummary>> {
    return expectStatus(await get(user, `/api/v1/profiles${queryString({ page_size: 100, ...params })}`), 200);
  }
  const keysOf = (body: ListResponse<ProfileSummary>) => body.results.map((r) => world.keyOf(r.id));

  /** The matching profiles, in any order, and a count that agrees. */
  async function expectMatches(user: UserKey, params: Params, expected: ProfileKey[]) {
    const body = await list(user, params);
    expect(keysOf(body).sort(), JSON.stringify(params)).toEqual([...expected].sort());
    expect(body.count).toBe(expected.length);
  }

  const ALICE_SEES: ProfileKey[] = ['jose', 'ana', 'bruno', 'chloe', 'emma', 'farid', 'hana', 'igor', 'kasia', 'lars', 'mia', 'noor'];

  describe('search', () => {
    it.each([
      ['a first name', 'kasia', ['kasia']],
      ['a last name', 'Zimmermann', ['emma']],
      ['a headline', 'founder', ['bruno']],
      ['a location', 'ljubljana', ['igor']],
      ['an e-mail', 'haddad.test', ['farid']],
      ['a current company', 'quasar', ['igor', 'lars']],
      ['a current company that is not in the headline', 'orbit', ['ana', 'chloe']],
    ] as [string, string, ProfileKey[]][])('finds %s', async (_, search, expected) => {
      await expectMatches('alice', { search }, expected);
    });

    it.each([
      ['jose muller', ['jose']],
      ['JOSÉ MÜLLER', ['jose']],
      ['zurich', ['jose']],
      ['krakow', ['kasia']],
      ['chloe', ['chloe']],
      ['Chloé', ['chloe']],
    ] as [string, ProfileKey[]][])('ignores case and accents: %s', async (search, expected) => {
      await expectMatches('alice', { search }, expected);
    });

    it('needs every term to match (AND), each in any field', async () => {
      await expectMatches('alice', { search: 'zeta' }, ['jose', 'farid']);
      await expectMatches('alice', { search: 'zeta cto' }, ['jose']);
      await expectMatches('alice', { search: 'cto zeta' }, ['jose']);
      await expectMatches('alice', { search: 'zeta nobody' }, []);
    });

    it('takes % and _ literally, and a blank search as none', async () => {
      await expectMatches('alice', { search: '%' }, []);
      await expectMatches('alice', { search: '_' }, []);
      await expectMatches('alice', { search: '\\' }, []);
      await expectMatches('alice', { search: "o'" }, []);
      await expectMatches('alice', { search: '   ' }, ALICE_SEES);
    });

    it('never finds what the user may not see', async () => {
      await expectMatches('alice', { search: 'dmitri' }, []);
      await expectMatches('staff', { search: 'dmitri' }, ['dmitri']);
      await expectMatches('alice', { search: 'orbit' }, ['ana', 'chloe']);
      await expectMatches('staff', { search: 'orbit' }, ['ana', 'chloe', 'dmitri']);
    });
  });

  describe('filters', () => {
    it('data_sources: a single value, repeated keys, and a source the user may not read', async () => {
      await expectMatches('alice', { data_sources: world.sources.alice.id }, ['ana', 'chloe', 'kasia']);
      await expectMatches('alice', { data_sources: [world.sources.alice.id, world.sources.colleague.id] }, [
        'ana',
        'chloe',
        'kasia',
        'bruno',
        'hana',
        'mia',
      ]);
      await expectMatches('alice', { data_sources: world.sources.public.id }, ['jose', 'chloe', 'emma', 'farid', 'igor', 'lars', 'noor']);
      await expectMatches('alice', { data_sources: world.sources.stranger.id }, []);
      await expectMatches('alice', { data_sources: [world.sources.stranger.id, world.sources.colleague.id] }, ['bruno', 'hana', 'mia']);
      await expectMatches('staff', { data_sources: world.sources.stranger.id }, ['farid', 'dmitri', 'greta']);
    });

    it('nationalities: any of the given countries', async () => {
      await expectMatches('alice', { nationalities: 'PT' }, ['ana', 'bruno']);
      await expectMatches('alice', { nationalities: ['PT', 'CH'] }, ['ana', 'bruno', 'jose']);
      await expectMatches('alice', { nationalities: 'DE' }, ['jose']);
      await expectMatches('staff', { nationalities: 'DE' }, ['jose', 'dmitri']);
      await expectMatches('alice', { nationalities: 'UA' }, []);
    });

    it('gender: a single value and repeated keys', async () => {
      await expectMatches('alice', { gender: 'female' }, ['ana', 'chloe', 'emma', 'hana', 'kasia', 'mia']);
      await expectMatches(
        'alice',
        { gender: ['male', 'female'] },
        ALICE_SEES.filter((k) => k !== 'noor'),
      );
      await expectMatches('alice', { gender: 'non-binary' }, []);
      await expectMatches('staff', { gender: 'non-binary' }, ['greta']);
    });

    it.each([
      ['tech_rating__gte', 7.25, ['jose', 'ana', 'lars']],
      ['tech_rating__lte', 1.5, ['farid', 'kasia']],
      ['tech_rating__lte', 0, ['farid']],
      ['tech_rating__gte', 0, ['jose', 'ana', 'chloe', 'farid', 'hana', 'igor', 'kasia', 'lars', 'mia', 'noor']],
      ['education_rating__gte', 8, ['ana', 'hana']],
      ['education_rating__lte', 3.3, ['farid', 'lars']],
      ['professional_experience_rating__gte', 9, ['kasia', 'lars']],
      ['professional_experience_rating__lte', 2, ['chloe']],
      ['entrepreneurial_spirit_rating__gte', 9.9, ['bruno']],
      ['entrepreneurial_spirit_rating__lte', 1, ['lars']],
    ] as [string, number, ProfileKey[]][])('%s=%s, bound included, missing ratings excluded', async (key, value, expected) => {
      await expectMatches('alice', { [key]: value }, expected);
    });

    it('a range with both bounds', async () => {
      await expectMatches('alice', { tech_rating__gte: 4, tech_rating__lte: 6 }, ['chloe', 'hana', 'igor']);
      await expectMatches('alice', { education_rating__gte: 6.5, education_rating__lte: 6.5 }, ['igor']);
    });

    it('filters combined with each other and with the search', async () => {
      await expectMatches('alice', { gender: 'female', nationalities: 'PT' }, ['ana']);
      await expectMatches('alice', { data_sources: world.sources.public.id, gender: 'male', tech_rating__gte: 5 }, [
        'jose',
        'igor',
        'lars',
      ]);
      await expectMatches('alice', { search: 'orbit', tech_rating__lte: 5 }, ['chloe']);
      await expectMatches(
        'alice',
        { data_sources: [world.sources.alice.id, world.sources.colleague.id], gender: 'female', education_rating__gte: 6 },
        ['ana', 'hana', 'mia'],
      );
      await expectMatches(
        'alice',
        {
          tech_rating__gte: 5,
          tech_rating__lte: 10,
          education_rating__gte: 6,
          education_rating__lte: 10,
          professional_experience_rating__gte: 3,
          professional_experience_rating__lte: 9,
          entrepreneurial_spirit_rating__gte: 6,
          entrepreneurial_spirit_rating__lte: 10,
        },
        ['jose', 'igor', 'hana'],
      );
      await expectMatches('alice', { search: 'a', gender: 'male', nationalities: ['CH', 'SE'], data_sources: world.sources.public.id }, [
        'jose',
        'lars',
      ]);
    });
  });

  describe('ordering', () => {
    const SORTABLE = [
      'first_name',
      'last_name',
      'created_at',
      'updated_at',
      'tech_rating',
      'education_rating',
      'professional_experience_rating',
      'entrepreneurial_spirit_rating',
    ] as const;

    /** The fixture's own order: values ascending or descending, then the profiles without one (in any order). */
    function expectedOrder(keys: ProfileKey[], field: (typeof SORTABLE)[number], descending: boolean) {
      const value = (key: ProfileKey) => PROFILES[key][field];
      const present = keys
        .filter((k) => value(k) !== null)
        .sort((a, b) => {
          const [x, y] = [value(a)!, value(b)!];
          const order =
            typeof x === 'number'
              ? x - (y as number)
              : field.endsWith('_at')
                ? Date.parse(x) - Date.parse(y as string)
                : x < y
                  ? -1
                  : x > y
                    ? 1
                    : 0;
          return descending ? -order : order;
        });
      return { present, missing: keys.filter((k) => value(k) === null) };
    }

    for (const field of SORTABLE) {
      for (const descending of [false, true]) {
        const ordering = `${descending ? '-' : ''}${field}`;
        it(`ordering=${ordering}`, async () => {
          const keys = keysOf(await list('alice', { ordering }));
          const { present, missing } = expectedOrder(ALICE_SEES, field, descending);
          expect(keys.slice(0, present.length)).toEqual(present);
          expect(keys.slice(present.length).sort()).toEqual([...missing].sort());
          // pages of 5 put together give the same order: the tie-break keeps pages from overlapping
          const pages = [];
          for (let page = 1; page <= 3; page++) pages.push(...keysOf(await list('alice', { ordering, page, page_size: 5 })));
          expect(pages).toEqual(keys);
        });
      }
    }

    it('puts missing ratings last both ways (read off the fixture)', async () => {
      const desc = keysOf(await list('alice', { ordering: '-tech_rating' }));
      expect(desc.slice(0, 10)).toEqual(['jose', 'lars', 'ana', 'hana', 'igor', 'chloe', 'noor', 'mia', 'kasia', 'farid']);
      expect(desc.slice(10).sort()).toEqual(['bruno', 'emma']);
      const asc = keysOf(await list('alice', { ordering: 'tech_rating' }));
      expect(asc.slice(0, 10)).toEqual(['farid', 'kasia', 'mia', 'noor', 'chloe', 'igor', 'hana', 'ana', 'lars', 'jose']);
      expect(asc.slice(10).sort()).toEqual(['bruno', 'emma']);
    });

    it('ignores unknown and unsortable fields, keeping the known ones', async () => {
      const plain = keysOf(await list('alice'));
      expect(keysOf(await list('alice', { ordering: 'bogus' }))).toEqual(plain);
      expect(keysOf(await list('alice', { ordering: 'email' }))).toEqual(plain);
      expect(keysOf(await list('alice', { ordering: '-search_text' }))).toEqual(plain);
      expect(keysOf(await list('alice', { ordering: 'bogus,-first_name' }))).toEqual(expectedOrder(ALICE_SEES, 'first_name', true).present);
    });
  });

  describe('paging', () => {
    it('pages of page_size, then an empty page past the end with the true count', async () => {
      const pages = [];
      for (let page = 1; page <= 4; page++) pages.push(await list('alice', { ordering: 'first_name', page, page_size: 5 }));
      expect(pages.map((p) => p.count)).toEqual([12, 12, 12, 12]);
      expect(pages.map(keysOf)).toEqual([
        ['ana', 'bruno', 'chloe', 'emma', 'farid'],
        ['hana', 'igor', 'jose', 'kasia', 'lars'],
        ['mia', 'noor'],
        [],
      ]);
      expect(await list('alice', { page: 999 })).toEqual({ count: 12, results: [] });
    });

    it('refuses a page beyond any database offset with 400, not a 500', async () => {
      for (const page of ['1000000000000', '99999999999999999999', '1e30']) {
        expectErrors(await get('alice', `/api/v1/profiles?page=${page}`), 400, ['page']);
      }
    });

    it('answers 10 rows by default', async () => {
      const body = expectStatus<ListResponse<ProfileSummary>>(await get('alice', '/api/v1/profiles'), 200);
      expect(body.results).toHaveLength(10);
      expect(body.count).toBe(12);
    });

    it('answers each row with the summary fields', async () => {
      const [row] = (await list('alice', { search: 'jose muller' })).results;
      expect(row).toMatchObject({
        id: world.profiles.jose,
        external_id: 'https://www.linkedin.com/in/jose',
        first_name: 'José',
        last_name: 'Müller',
        email: 'jm.zrh@mail.test',
        location: 'Zürich, CH',
        headline: 'CTO at Zeta Robotics',
        current_company: 'Zeta Robotics',
        gender_value: 'male',
        tech_rating: 9.5,
        education_rating: 7,
        professional_experience_rating: 6,
        entrepreneurial_spirit_rating: 8,
        created_at: '2026-01-05T09:00:00.000Z',
        updated_at: '2026-03-20T09:00:00.000Z',
      });
      expect(row.created_at).toMatch(isoUtc);
      const [emma] = (await list('alice', { search: 'zimmermann' })).results;
      expect(emma).toMatchObject({
        tech_rating: null,
        education_rating: null,
        professional_experience_rating: null,
        entrepreneurial_spirit_rating: null,
        headline: null,
      });
    });
  });

  describe('bad values', () => {
    it.each([
      ['page=abc', 'page'],
      ['page=0', 'page'],
      ['page_size=abc', 'page_size'],
      ['page_size=0', 'page_size'],
      ['tech_rating__gte=abc', 'tech_rating__gte'],
      ['tech_rating__gte=11', 'tech_rating__gte'],
      ['education_rating__lte=-1', 'education_rating__lte'],
      ['tech_rating__gte=6&tech_rating__lte=5', 'tech_rating__gte'],
      ['entrepreneurial_spirit_rating__gte=9.5&entrepreneurial_spirit_rating__lte=9.4', 'entrepreneurial_spirit_rating__gte'],
      ['data_sources=x', 'data_sources'],
      ['data_sources=1&data_sources=x', 'data_sources'],
      ['data_sources=0', 'data_sources'],
    ])('%s → 400 naming %s', async (query, field) => {
      expectErrors(await get('alice', `/api/v1/profiles?${query}`), 400, [field]);
    });

    it('answers 401 without a token', async () => {
      expectErrors(await api.call(undefined, { method: 'GET', url: '/api/v1/profiles' }), 401);
      expectErrors(await api.call(undefined, { method: 'GET', url: '/api/v1/profiles/dimensions/' }), 401);
    });
  });

  describe('who sees which profiles', () => {
    it.each([
      ['staff', ['jose', 'ana', 'bruno', 'chloe', 'emma', 'farid', 'hana', 'igor', 'kasia', 'lars', 'mia', 'noor', 'dmitri', 'greta']],
      ['alice', ALICE_SEES],
      ['colleague', ALICE_SEES],
      ['stranger', ['jose', 'chloe', 'emma', 'farid', 'igor', 'lars', 'noor', 'dmitri', 'greta']],
      ['loner', ['jose', 'chloe', 'emma', 'farid', 'igor', 'lars', 'noor']],
    ] as [UserKey, ProfileKey[]][])('%s', async (user, expected) => {
      expect([...expected].sort()).toEqual(profilesIn(READABLE_SOURCES[user]).sort()); // the fixture agrees with itself
      await expectMatches(user, {}, expected);
    });

    it('follows organization membership, and only one organization deep', async () => {
      const staff = world.users.staff.token;
      const newcomer = await api.user({ email: 'newcomer@profiles.test' });
      const sees = async () =>
        keysOf(expectStatus(await api.call(newcomer.token, { method: 'GET', url: '/api/v1/profiles?page_size=100' }), 200)).sort();
      const publicOnly = ['jose', 'chloe', 'emma', 'farid', 'igor', 'lars', 'noor'];
      expect(await sees()).toEqual([...publicOnly].sort());

      const created = expectStatus(
        await api.call(staff, {
          method: 'POST',
          url: '/api/v1/organizations/',
          payload: { name: 'Pair', users: [newcomer.id, world.users.colleague.id] },
        }),
        201,
      );
      // the colleague's source, not alice's: alice is a colleague of the colleague, not of the newcomer
      expect(await sees()).toEqual([...publicOnly, 'bruno', 'hana', 'mia'].sort());

      expect((await api.call(staff, { method: 'DELETE', url: `/api/v1/organizations/${created.id}/` })).statusCode).toBe(204);
      expect(await sees()).toEqual([...publicOnly].sort());
    });

    it('follows a data source made public and private again, from the next request on', async () => {
      const sees = async () => keysOf(expectStatus(await get('alice', '/api/v1/profiles?page_size=100'), 200)).sort();
      const before = await sees();
      const setPublic = (isPublic: boolean) =>
        api.handle.db.updateTable('data_source').set({ is_public: isPublic }).where('id', '=', world.sources.stranger.id).execute();
      await setPublic(true);
      try {
        expect(await sees()).toEqual([...new Set([...before, 'farid', 'dmitri', 'greta'])].sort());
      } finally {
        await setPublic(false);
      }
      expect(await sees()).toEqual(before);
    });
  });

  describe('dimensions', () => {
    const dimensions = async (user: UserKey) => expectStatus<ProfileDimensions>(await get(user, '/api/v1/profiles/dimensions/'), 200);
    const range = (min: number, max: number) => ({ min, max });

    it('offer, to alice, what her visible profiles hold and nothing of the stranger', async () => {
      const body = await dimensions('alice');
      expect(body.range_fields).toEqual({
        tech_rating: range(0, 9.5),
        education_rating: range(2, 9),
        professional_experience_rating: range(2, 9.5),
        entrepreneurial_spirit_rating: range(1, 9.9),
      } satisfies Record<RatingField, unknown>);
      expect(body.multiple_values_filter).toEqual({
        data_sources: [
          { id: world.sources.alice.id, name: "Alice's Watchlist" },
          { id: world.sources.colleague.id, name: 'Colleague Scouting' },
          { id: world.sources.public.id, name: 'Public Founders' },
        ],
        nationalities: ['BR', 'CH', 'DE', 'FR', 'IT', 'KR', 'MA', 'NL', 'PL', 'PT', 'SE', 'SI'],
        genders: ['female', 'male'],
      });
    });

    it('offer, to a user with only the public source, only its values', async () => {
      const body = await dimensions('loner');
      expect(body.range_fields).toEqual({
        tech_rating: range(0, 9.5),
        education_rating: range(2, 7),
        professional_experience_rating: range(2, 9),
        entrepreneurial_spirit_rating: range(1, 8),
      });
      expect(body.multiple_values_filter).toEqual({
        data_sources: [{ id: world.sources.public.id, name: 'Public Founders' }],
        nationalities: ['CH', 'DE', 'FR', 'MA', 'NL', 'SE', 'SI'],
        genders: ['female', 'male'],
      });
    });

    it('offer staff everything', async () => {
      const body = await dimensions('staff');
      expect(body.range_fields).toEqual({
        tech_rating: range(0, 10),
        education_rating: range(0, 10),
        professional_experience_rating: range(0, 10),
        entrepreneurial_spirit_rating: range(0, 10),
      });
      expect(body.multiple_values_filter.data_sources.map((d) => d.name)).toEqual([
        "Alice's Watchlist",
        'Colleague Scouting',
        'Public Founders',
        'Stranger Secrets',
      ]);
      expect(body.multiple_values_filter.nationalities).toEqual([
        'BR',
        'CH',
        'DE',
        'FR',
        'IT',
        'KR',
        'MA',
        'NL',
        'NO',
        'PL',
        'PT',
        'SE',
        'SI',
        'UA',
      ]);
      expect(body.multiple_values_filter.genders).toEqual(['female', 'male', 'non-binary']);
    });
  });
});
