// @vitest-environment node
// People Data Labs persons (their Person Schema) mapped onto the import format: identity by the
// LinkedIn profile, headline, jobs newest first with their companies, educations, skills,
// interests, languages; the free plans' true/false placeholders ignored; a person that does not
// fit fails alone with a reason naming the PDL field. Plus the search text and the waits asked.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { linkedinCompanyUrl, linkedinProfileUrl, pdlPersonItem, PROFICIENCY_LEVELS } from '../../../server/connectors/pdl/mapping';
import { requestedWaitMs } from '../../../server/connectors/pdl/client';
import { peopleDataLabs, searchOf } from '../../../server/connectors/people-data-labs';
import { readImportProfile, type ImportProfile } from '../../../server/connector-kit/import-format';

/** A person as PDL's example record shows one (lower-case, no scheme in URLs, dates to the month). */
const sean = () => ({
  id: 'qEnOZ5Oh0poWnQ1luFBfVw_0000',
  full_name: 'sean thorne',
  first_name: 'sean',
  last_name: 'thorne',
  linkedin_url: 'linkedin.com/in/seanthorne',
  job_title: 'co-founder and chief executive officer',
  job_company_name: 'people data labs',
  location_name: 'san francisco, california, united states',
  work_email: 'sean@peopledatalabs.com',
  personal_emails: true,
  experience: [
    {
      company: {
        name: 'hallspot',
        size: '1-10',
        founded: 2013,
        industry: 'computer software',
        linkedin_url: 'linkedin.com/company/hallspot',
        location: { name: 'portland, oregon, united states' },
      },
      start_date: '2012-08',
      end_date: '2015-03',
      title: { name: 'co-founder', role: null, levels: ['owner'] },
      is_primary: false,
    },
    {
      company: {
        name: 'people data labs',
        size: '51-200',
        founded: 2015,
        industry: 'computer software',
        linkedin_url: 'linkedin.com/company/peopledatalabs',
        location: { name: 'san francisco, california, united states' },
      },
      start_date: '2015-03',
      end_date: null,
      title: { name: 'co-founder and chief executive officer', role: 'operations', levels: ['cxo', 'owner'] },
      is_primary: true,
    },
    {
      company: { name: 'advisory board', size: null, founded: null, industry: null, linkedin_url: null, location: null },
      start_date: '2019',
      end_date: null,
      title: { name: 'advisor' },
      is_primary: false,
    },
  ],
  education: [
    {
      school: {
        name: 'university of oregon',
        type: 'post-secondary institution',
        location: { name: 'eugene, oregon, united states' },
        linkedin_url: 'linkedin.com/school/university-of-oregon',
      },
      degrees: ['bachelors', 'bachelor of science'],
      majors: ['entrepreneurship', 'business'],
      start_date: '2010',
      end_date: '2014',
    },
    { school: { name: 'lincoln high school', location: null }, degrees: [], majors: [], start_date: '2006', end_date: '2010' },
  ],
  skills: ['data science', 'entrepreneurship', 'Data Science', ''],
  interests: ['hiking', 'startups'],
  languages: [
    { name: 'english', proficiency: 5 },
    { name: 'spanish', proficiency: 2 },
    { name: 'english', proficiency: 4 },
  ],
  profiles: [{ network: 'linkedin', url: 'linkedin.com/in/seanthorne', username: 'seanthorne' }],
});

const profileOf = (raw: unknown): ImportProfile => {
  const item = pdlPersonItem(raw);
  if ('error' in item) throw new Error(item.error);
  return item.profile;
};
const errorOf = (raw: unknown): string => {
  const item = pdlPersonItem(raw);
  if (!('error' in item)) throw new Error('expected an error');
  return item.error;
};

describe('a PDL person in the import format', () => {
  it('is known by its LinkedIn profile, named, placed, with the current job as headline and the work e-mail', () => {
    const person = profileOf(sean());
    expect(person).toMatchObject({
      external_id: 'https://www.linkedin.com/in/seanthorne',
      first_name: 'sean',
      last_name: 'thorne',
      email: 'sean@peopledatalabs.com',
      location: 'san francisco, california, united states',
      headline: 'co-founder and chief executive officer at people data labs',
      image_url: null,
    });
  });

  it('lists the jobs newest first: the primary current one, the other current one, then the ended ones; companies by their LinkedIn page', () => {
    const { jobs } = profileOf(sean());
    expect(jobs.map((job) => job.job_title)).toEqual(['co-founder and chief executive officer', 'advisor', 'co-founder']);
    expect(jobs[0]).toEqual({
      job_title: 'co-founder and chief executive officer',
      start_date: '2015-03',
      end_date: null,
      company: {
        external_id: 'https://www.linkedin.com/company/peopledatalabs/',
        name: 'people data labs',
        year_founded: 2015,
        location: 'san francisco, california, united states',
        industry: 'computer software',
        company_size: '51-200',
        description: null,
      },
    });
    expect(jobs[1].company).toMatchObject({ external_id: null, name: 'advisory board', year_founded: null, location: null });
    expect(jobs[2]).toMatchObject({
      end_date: '2015-03',
      company: { external_id: 'https://www.linkedin.com/company/hallspot/', company_size: '1-10' },
    });
  });

  it("has its educations newest first, degrees and majors joined; skills and interests once each; languages with LinkedIn's proficiency words", () => {
    const person = profileOf(sean());
    expect(person.educations).toEqual([
      {
        degree: 'bachelors, bachelor of science',
        field_of_study: 'entrepreneurship, business',
        start_date: '2010',
        end_date: '2014',
        school: { name: 'university of oregon', location: 'eugene, oregon, united states' },
      },
      { degree: null, field_of_study: null, start_date: '2006', end_date: '2010', school: { name: 'lincoln high school', location: null } },
    ]);
    expect(person.skills).toEqual([
      { name: 'data science', endorsements: null },
      { name: 'entrepreneurship', endorsements: null },
    ]);
    expect(person.interests).toEqual([
      { name: 'hiking', interest_type: null, count: null },
      { name: 'startups', interest_type: null, count: null },
    ]);
    expect(person.languages).toEqual([
      { name: 'english', level: PROFICIENCY_LEVELS[5] },
      { name: 'spanish', level: 'Limited working proficiency' },
    ]);
    expect(person.courses).toEqual([]);
  });

  it('falls back: a LinkedIn entry of profiles[], else the PDL id; the full name split; a title alone as headline; the locality and country', () => {
    const viaProfiles = profileOf({
      id: 'abc',
      full_name: 'ada lovelace',
      profiles: [
        { network: 'twitter', url: 'twitter.com/ada' },
        { network: 'linkedin', url: null, username: 'Ada-L' },
      ],
      job_title: 'analyst',
      location_locality: 'london',
      location_country: 'united kingdom',
    });
    expect(viaProfiles).toMatchObject({
      external_id: 'https://www.linkedin.com/in/ada-l',
      first_name: 'ada',
      last_name: 'lovelace',
      headline: 'analyst',
      location: 'london, united kingdom',
      email: null,
    });
    expect(profileOf({ id: 'xyz_0000', first_name: 'grace', linkedin_url: null }).external_id).toBe('pdl:xyz_0000');
  });

  it("ignores the free plans' true/false placeholders of contact fields, takes the first real address otherwise", () => {
    expect(profileOf({ id: 'a', work_email: true, personal_emails: true, emails: true }).email).toBeNull();
    expect(
      profileOf({
        id: 'b',
        work_email: null,
        recommended_personal_email: 'not an address',
        emails: [{ address: 'first@example.com', type: 'personal' }],
      }).email,
    ).toBe('first@example.com');
  });

  it('a person that does not fit fails alone, saying who and which field', () => {
    expect(errorOf({ ...sean(), experience: 'ceo' })).toBe(
      'person "sean thorne" (pdl:qEnOZ5Oh0poWnQ1luFBfVw_0000): experience: must be a list.',
    );
    expect(errorOf({ ...sean(), education: [null] })).toMatch(/^person "sean thorne" .*: education\[0\]: must be an object\.$/);
    expect(errorOf({ ...sean(), experience: [{ title: { name: { en: 'x' } } }] })).toMatch(/experience\[0\]\.title\.name: must be text\./);
    expect(errorOf({ full_name: 'nobody known', linkedin_url: null })).toBe(
      'person "nobody known": has neither a LinkedIn profile nor a PDL id to be known by.',
    );
    expect(errorOf({ id: 'long', first_name: 'x'.repeat(2_001) })).toMatch(
      /^person \(pdl:long\): first_name: longer than 2000 characters\.$/,
    );
    expect(errorOf('a string')).toBe('a person of the answer is not an object.');
    expect(errorOf(null)).toBe('a person of the answer is not an object.');
  });

  it('never throws, whatever the answer holds: a profile that fits the import format, or a reason', () => {
    const value = fc.oneof(
      fc.string(),
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.string(), { maxLength: 3 }),
      fc.dictionary(fc.constantFrom('name', 'url', 'linkedin_url', 'location', 'founded', 'size', 'address'), fc.anything({ maxDepth: 2 })),
    );
    const field = fc.constantFrom(
      'id',
      'full_name',
      'first_name',
      'linkedin_url',
      'job_title',
      'job_company_name',
      'location_name',
      'work_email',
      'emails',
      'profiles',
      'experience',
      'education',
      'skills',
      'interests',
      'languages',
    );
    const person = fc.dictionary(
      field,
      fc.oneof(
        value,
        fc.array(
          fc.oneof(
            value,
            fc.record({
              title: value,
              company: value,
              school: value,
              start_date: value,
              end_date: value,
              degrees: value,
              majors: value,
              proficiency: value,
              name: value,
            }),
          ),
          { maxLength: 3 },
        ),
      ),
    );
    fc.assert(
      fc.property(fc.oneof(person, fc.anything()), (raw) => {
        const item = pdlPersonItem(raw);
        if ('error' in item) expect(item.error.length).toBeGreaterThan(0);
        else expect(readImportProfile(JSON.parse(JSON.stringify(item.profile)))).toEqual({ profile: item.profile });
      }),
      { numRuns: 500 },
    );
  });

  it("keeps at most 500 items of a list (the import format's limit) rather than failing the person", () => {
    const person = profileOf({ id: 'many', skills: Array.from({ length: 600 }, (_, i) => `skill ${i}`) });
    expect(person.skills).toHaveLength(500);
  });
});

describe('LinkedIn URLs, normalised', () => {
  it('profiles: https://www.linkedin.com/in/<slug>, lower-case, whatever the form written', () => {
    for (const url of [
      'linkedin.com/in/seanthorne',
      'https://www.linkedin.com/in/SeanThorne/',
      'http://uk.linkedin.com/in/seanthorne?trk=x',
      'www.linkedin.com/in/seanthorne#about',
      ' linkedin.com/in/seanthorne/details/experience ',
    ]) {
      expect(linkedinProfileUrl(url), url).toBe('https://www.linkedin.com/in/seanthorne');
    }
    expect(linkedinProfileUrl('https://www.linkedin.com/in/j%C3%BCrgen-m%C3%BCller-1a2b')).toBe(
      'https://www.linkedin.com/in/j%C3%BCrgen-m%C3%BCller-1a2b',
    );
    expect(linkedinProfileUrl('linkedin.com/in/Jürgen')).toBe('https://www.linkedin.com/in/j%C3%BCrgen');
    for (const url of [
      'linkedin.com/company/peopledatalabs',
      'twitter.com/in/x',
      'https://notlinkedin.com/in/x',
      'linkedin.com/in/',
      '',
      42,
      null,
    ])
      expect(linkedinProfileUrl(url), String(url)).toBeNull();
  });

  it('companies: https://www.linkedin.com/company/<slug>/', () => {
    expect(linkedinCompanyUrl('linkedin.com/company/peopledatalabs')).toBe('https://www.linkedin.com/company/peopledatalabs/');
    expect(linkedinCompanyUrl('https://www.linkedin.com/company/PeopleDataLabs/about/')).toBe(
      'https://www.linkedin.com/company/peopledatalabs/',
    );
    expect(linkedinCompanyUrl('linkedin.com/in/seanthorne')).toBeNull();
  });
});

describe('the search query', () => {
  it('SQL as it is; JSON as an Elasticsearch query (a {"query": …} wrapper taken off); anything else refused', () => {
    expect(searchOf("SELECT * FROM person WHERE job_title='founder'")).toEqual({ sql: "SELECT * FROM person WHERE job_title='founder'" });
    expect(searchOf('{"term": {"job_title": "founder"}}')).toEqual({ query: { term: { job_title: 'founder' } } });
    expect(searchOf('{"query": {"term": {"job_title": "founder"}}}')).toEqual({ query: { term: { job_title: 'founder' } } });
    expect(searchOf('{"term": ')).toMatchObject({ problem: expect.stringMatching(/not valid JSON/) });
    expect(searchOf('{}')).toMatchObject({ problem: expect.stringMatching(/JSON object/) });
    expect(searchOf('founders in germany')).toMatchObject({ problem: expect.stringMatching(/SELECT \* FROM person WHERE/) });
  });
});

describe('the fields of a data source', () => {
  const check = (data: Record<string, string | string[]>) => peopleDataLabs.validate!(data);
  it('a search, an enrichment: fine', () => {
    expect(check({ connection: '3', query: "SELECT * FROM person WHERE job_title='founder'" })).toEqual([]);
    expect(
      check({
        connection: '3',
        mode: 'enrich',
        profiles: ['linkedin.com/in/seanthorne', 'https://www.linkedin.com/in/ada-l', 'sean@peopledatalabs.com'],
        max_profiles: '3',
      }),
    ).toEqual([]);
    expect(check({ connection: '3', mode: 'Enrich', profiles: 'linkedin.com/in/a\nlinkedin.com/in/b' })).toEqual([]);
    expect(
      check({ connection: '3', mode: 'enrich', max_profiles: '2', profiles: ['a@example.com, linkedin.com/in/b', 'a@example.com'] }),
    ).toEqual([]);
  });
  it('each problem names its field', () => {
    const fields = (data: Record<string, string | string[]>) => check(data).map((message) => message.slice(0, message.indexOf(': ')));
    expect(fields({ connection: 'three', mode: 'lookup', max_profiles: '0' })).toEqual([
      'additional_data.mode',
      'additional_data.max_profiles',
      'additional_data.connection',
    ]);
    expect(fields({ connection: '1' })).toEqual(['additional_data.query']);
    expect(fields({ connection: '1', query: 'founders' })).toEqual(['additional_data.query']);
    expect(fields({ connection: '1', max_profiles: '10001', query: 'SELECT * FROM person' })).toEqual(['additional_data.max_profiles']);
    expect(fields({ connection: '1', mode: 'enrich' })).toEqual(['additional_data.profiles']);
    expect(check({ connection: '1', mode: 'enrich', profiles: ['sean thorne', 'linkedin.com/in/ok'] })).toEqual([
      'additional_data.profiles: Neither a profile URL nor an e-mail address: "sean thorne".',
    ]);
    expect(check({ connection: '1', mode: 'enrich', max_profiles: '1', profiles: ['a@b.co', 'c@d.co'] })).toEqual([
      'additional_data.profiles: 2 profiles listed, more than the 1 of max_profiles: raise max_profiles (at most 10000) or list fewer.',
    ]);
    expect(fields({ connection: '1', query: 'SELECT * FROM person', annotation_connection: 'gpt' })).toEqual([
      'additional_data.annotation_connection',
    ]);
  });
});

describe('the wait PDL asks for', () => {
  const now = Date.parse('2026-11-24T10:00:00Z');
  const headers = (entries: Record<string, string>) => new Headers(entries);
  it('Retry-After in seconds or as a date; else, on a 429, X-RateLimit-Reset (a date or epoch seconds); else nothing', () => {
    expect(requestedWaitMs(headers({ 'retry-after': '3' }), 429, now)).toBe(3_000);
    expect(requestedWaitMs(headers({ 'retry-after': 'Tue, 24 Nov 2026 10:00:05 GMT' }), 503, now)).toBe(5_000);
    expect(requestedWaitMs(headers({ 'x-ratelimit-reset': '2026-11-24T10:00:20Z' }), 429, now)).toBe(20_000);
    expect(requestedWaitMs(headers({ 'x-ratelimit-reset': String(now / 1000 + 7) }), 429, now)).toBe(7_000);
    expect(requestedWaitMs(headers({ 'x-ratelimit-reset': '2026-11-24T10:00:20Z' }), 500, now)).toBeUndefined();
    expect(requestedWaitMs(headers({ 'x-ratelimit-reset': '2026-11-24T09:00:00Z' }), 429, now)).toBe(0);
    expect(requestedWaitMs(headers({}), 429, now)).toBeUndefined();
  });
});
