// GET /api/v1/profiles/export/: the CSV of the current profile query (issue
// "Profiles" → Deliver 3): the same search, filters and ordering as the list,
// every matching row however many pages that is, safe to open in a spreadsheet.
// The world here has 150 more public profiles, so lists also show page_size's cap.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListResponse, ProfileSummary } from '../../types/api';
import { startTestApi, type TestApi } from './harness';
import { expectErrors, expectStatus } from './expect';
import { buildProfileWorld, insertDataSource, insertProfiles, queryString, type ProfileWorld, type UserKey } from './fixtures/profiles';

let api: TestApi;
let world: ProfileWorld;
const BULK = 150;
const tricky: Record<'quoted' | 'formula' | 'multiline', number> = { quoted: 0, formula: 0, multiline: 0 };

beforeAll(async () => {
  api = await startTestApi();
  world = await buildProfileWorld(api);
  const db = api.handle.db;
  const bulk = await insertDataSource(db, 'Bulk Import', world.users.staff.id, true);
  await insertProfiles(
    db,
    Array.from({ length: BULK }, (_, i) => ({
      external_id: `https://www.linkedin.com/in/bulk-${i}`,
      first_name: 'Bulk',
      last_name: `Row ${String(i).padStart(3, '0')}`,
      gender_value: i % 2 ? 'female' : 'male',
      tech_rating: i % 7 === 0 ? null : ((i * 37) % 101) / 10,
      data_source_ids: [bulk],
      created_at: new Date(Date.UTC(2026, 4, 1) + i * 60_000 * (((i * 13) % 17) + 1)),
    })),
  );
  [tricky.quoted, tricky.formula, tricky.multiline] = await insertProfiles(db, [
    {
      external_id: 'https://www.linkedin.com/in/quoted',
      first_name: 'Quinn',
      last_name: 'Comma',
      headline: 'CEO, "Chief" of things',
      data_source_ids: [bulk],
    },
    {
      external_id: 'https://www.linkedin.com/in/formula',
      first_name: '=HYPERLINK("http://evil.test")',
      last_name: 'Formula',
      headline: '+1 555 0100',
      location: '@SUM(A1:A2)',
      current_company: '-cmd',
      email: '\tx@evil.test',
      data_source_ids: [bulk],
    },
    {
      external_id: 'https://www.linkedin.com/in/multiline',
      first_name: 'Mona',
      last_name: 'Lines',
      headline: 'Line one\nLine two',
      data_source_ids: [bulk],
    },
  ]);
});
afterAll(async () => api?.close());

type Params = Parameters<typeof queryString>[0];
const get = (user: UserKey, url: string) => api.call(world.users[user].token, { method: 'GET', url });
const TOTAL = 14 + BULK + 3;

/** RFC 4180: quoted cells may hold commas, doubled quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  if (cell || row.length) throw new Error(`the CSV does not end with CRLF: ${JSON.stringify(text.slice(-40))}`);
  return rows;
}

async function exportCsv(user: UserKey, params: Params = {}) {
  const response = await get(user, `/api/v1/profiles/export/${queryString(params)}`);
  expect(response.statusCode, response.body).toBe(200);
  const [header, ...rows] = parseCsv(response.body);
  const records = rows.map((cells) => Object.fromEntries(header.map((name, i) => [name, cells[i]])));
  return { response, header, records, ids: records.map((r) => Number(r.id)) };
}

/** Every id the list answers for the same query, page after page. */
async function listIds(user: UserKey, params: Params = {}): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 1; ; page++) {
    const body = expectStatus<ListResponse<ProfileSummary>>(
      await get(user, `/api/v1/profiles${queryString({ ...params, page, page_size: 100 })}`),
      200,
    );
    ids.push(...body.results.map((r) => r.id));
    if (ids.length >= body.count) return ids;
  }
}

describe('CSV export', () => {
  it('is an attachment with a header line and every matching row, more than the largest page', async () => {
    const { response, header, ids } = await exportCsv('staff');
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="profiles-\d{14}\.csv"$/);
    expect(header).toEqual([
      'id',
      'external_id',
      'first_name',
      'last_name',
      'email',
      'headline',
      'location',
      'current_company',
      'gender_value',
      'age_value',
      'nationalities',
      'tech_rating',
      'education_rating',
      'professional_experience_rating',
      'entrepreneurial_spirit_rating',
      'app_rating',
      'data_sources',
      'created_at',
      'updated_at',
    ]);
    expect(ids).toHaveLength(TOTAL);
    expect(new Set(ids).size).toBe(TOTAL);
    expect(ids).toEqual(await listIds('staff'));
  });

  it.each([
    ['a search and an ordering', { search: 'bulk', ordering: '-tech_rating' }],
    ['a rating range', { tech_rating__gte: 2.5, tech_rating__lte: 7.5, ordering: 'tech_rating' }],
    ['repeated filters', { gender: ['female', 'non-binary'], ordering: 'last_name' }],
    ['everything at once', { search: 'row', gender: 'male', tech_rating__gte: 1, ordering: '-created_at' }],
  ] as [string, Params][])('follows the list: %s', async (_, params) => {
    const { ids } = await exportCsv('staff', params);
    const expected = await listIds('staff', params);
    expect(expected.length).toBeGreaterThan(10);
    expect(ids).toEqual(expected);
  });

  it('ignores page and page_size: every row, not one page', async () => {
    expect((await exportCsv('staff', { page: 2, page_size: 5 })).ids).toHaveLength(TOTAL);
  });

  it("leaves out what the user may not see, and names only the user's data sources", async () => {
    const { ids, records } = await exportCsv('alice', { ordering: 'first_name' });
    expect(ids).toEqual(await listIds('alice', { ordering: 'first_name' }));
    expect(ids).not.toContain(world.profiles.dmitri);
    expect(ids).not.toContain(world.profiles.greta);
    expect(ids).toHaveLength(12 + BULK + 3);
    const farid = (rows: typeof records) => rows.find((r) => Number(r.id) === world.profiles.farid)!;
    expect(farid(records).data_sources).toBe('Public Founders');
    expect(farid((await exportCsv('staff')).records).data_sources).toBe('Public Founders; Stranger Secrets');
    expect((await exportCsv('alice', { data_sources: world.sources.stranger.id })).ids).toEqual([]);
  });

  it('writes the values as the detail has them', async () => {
    const { records } = await exportCsv('staff', { search: 'jose muller' });
    expect(records).toEqual([
      {
        id: String(world.profiles.jose),
        external_id: 'https://www.linkedin.com/in/jose',
        first_name: 'José',
        last_name: 'Müller',
        email: 'jm.zrh@mail.test',
        headline: 'CTO at Zeta Robotics',
        location: 'Zürich, CH',
        current_company: 'Zeta Robotics',
        gender_value: 'male',
        age_value: '',
        nationalities: 'CH:0.8 DE:0.2',
        tech_rating: '9.5',
        education_rating: '7',
        professional_experience_rating: '6',
        entrepreneurial_spirit_rating: '8',
        app_rating: '',
        data_sources: 'Public Founders',
        created_at: '2026-01-05T09:00:00.000Z',
        updated_at: '2026-03-20T09:00:00.000Z',
      },
    ]);
  });

  it('quotes commas, quotes and line breaks', async () => {
    const { response, records } = await exportCsv('staff', { search: 'comma' });
    expect(response.body).toContain('"CEO, ""Chief"" of things"');
    expect(records.map((r) => [Number(r.id), r.headline])).toEqual([[tricky.quoted, 'CEO, "Chief" of things']]);
    const multiline = await exportCsv('staff', { search: 'lines' });
    expect(multiline.response.body).toContain('"Line one\nLine two"');
    expect(multiline.records.map((r) => r.headline)).toEqual(['Line one\nLine two']);
  });

  it('defuses values a spreadsheet would run as a formula, and leaves numbers alone', async () => {
    const { records } = await exportCsv('staff', { search: 'formula' });
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      id: String(tricky.formula),
      first_name: `'=HYPERLINK("http://evil.test")`,
      headline: `'+1 555 0100`,
      location: `'@SUM(A1:A2)`,
      current_company: `'-cmd`,
      email: `'\tx@evil.test`,
    });
    const farid = (await exportCsv('staff', { search: 'haddad' })).records[0];
    expect(farid.tech_rating).toBe('0');
  });

  it.each([
    ['tech_rating__gte=11', 'tech_rating__gte'],
    ['tech_rating__gte=6&tech_rating__lte=5', 'tech_rating__gte'],
    ['data_sources=x', 'data_sources'],
  ])('refuses %s with 400 naming %s', async (query, field) => {
    expectErrors(await get('staff', `/api/v1/profiles/export/?${query}`), 400, [field]);
  });

  it('answers 401 without a token', async () => {
    expectErrors(await api.call(undefined, { method: 'GET', url: '/api/v1/profiles/export/' }), 401);
  });
});

describe('page_size', () => {
  it('is clamped at 100', async () => {
    const list = async (query: string) => expectStatus<ListResponse<ProfileSummary>>(await get('staff', `/api/v1/profiles?${query}`), 200);
    const big = await list('page_size=1000');
    expect(big.count).toBe(TOTAL);
    expect(big.results).toHaveLength(100);
    expect((await list('page_size=101')).results).toHaveLength(100);
    expect((await list('page_size=1000&page=2')).results).toHaveLength(TOTAL - 100);
    expect((await list('page_size=100&page=2')).results).toHaveLength(TOTAL - 100);
  });
});
