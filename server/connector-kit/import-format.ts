// The import format of people (docs/IMPORT_FORMAT.md): the SPEC §3 profile with its nested
// lists, as a profile feed gives it and as every connector hands it to the ingestion. Reading a
// record checks it field by field; a record that does not fit fails alone, with a reason that
// names the field.
import type { Selectable } from 'kysely';
import type { ProfileTable } from '../db/schema';

export interface ImportCompany {
  /** the professional-network company URL; companies are upserted by it */
  external_id: string | null;
  name: string | null;
  description?: string | null;
  year_founded?: number | null;
  location?: string | null;
  industry?: string | null;
  company_size?: string | null;
}

type Period = { start_date: string | null; end_date: string | null };

/** A person as a source gives it: the profile's own text fields as stored (db/schema.ts), and the nested lists. */
export interface ImportProfile extends Pick<Selectable<ProfileTable>, 'external_id' | (typeof TEXT_FIELDS)[number]> {
  educations: ({
    degree: string | null;
    field_of_study: string | null;
    school: { name: string | null; location: string | null };
  } & Period)[];
  jobs: ({ job_title: string | null; company: ImportCompany | null } & Period)[];
  skills: { name: string; endorsements: number | null }[];
  courses: { name: string }[];
  languages: { name: string; level: string | null }[];
  projects: ({ title: string } & Period)[];
  publications: { publisher: string | null; link: string | null }[];
  licenses: { name: string; issuer: string | null }[];
  recommendations: { text: string; received: boolean; profile_url: string | null }[];
  interests: { name: string; interest_type: string | null; count: number | null }[];
}

export const LIST_FIELDS = [
  'educations',
  'jobs',
  'skills',
  'courses',
  'languages',
  'projects',
  'publications',
  'licenses',
  'recommendations',
  'interests',
] as const;
export type ListField = (typeof LIST_FIELDS)[number];
export const TEXT_FIELDS = ['first_name', 'last_name', 'email', 'location', 'headline', 'image_url'] as const;

const MAX_TEXT = 2_000;
const MAX_ITEMS = 500;

class Invalid extends Error {}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function text(value: unknown, at: string, required = false): string | null {
  if (value === undefined || value === null || value === '') {
    if (required) throw new Invalid(`${at}: This field is required.`);
    return null;
  }
  if (typeof value === 'number' || typeof value === 'boolean') value = String(value);
  if (typeof value !== 'string') throw new Invalid(`${at}: must be text.`);
  const trimmed = value.trim();
  if (trimmed.length > MAX_TEXT) throw new Invalid(`${at}: longer than ${MAX_TEXT} characters.`);
  if (trimmed.includes('\u0000')) throw new Invalid(`${at}: contains a null character.`);
  if (required && !trimmed) throw new Invalid(`${at}: This field is required.`);
  return trimmed || null;
}

function integer(value: unknown, at: string): number | null {
  if (value === undefined || value === null || value === '') return null;
  const number = typeof value === 'string' ? Number(value.trim()) : value;
  if (typeof number !== 'number' || !Number.isInteger(number) || Math.abs(number) > 2_147_483_647)
    throw new Invalid(`${at}: must be a whole number.`);
  return number;
}

function bool(value: unknown, at: string): boolean {
  if (value === undefined || value === null || value === '') return false;
  if (typeof value === 'boolean') return value;
  if (value === 'true' || value === '1' || value === 1) return true;
  if (value === 'false' || value === '0' || value === 0) return false;
  throw new Invalid(`${at}: must be true or false.`);
}

function items<T>(value: unknown, at: string, read: (item: Record<string, unknown>, at: string) => T): T[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new Invalid(`${at}: must be a list.`);
  if (value.length > MAX_ITEMS) throw new Invalid(`${at}: more than ${MAX_ITEMS} items.`);
  return value.map((item, i) => {
    if (!isObject(item)) throw new Invalid(`${at}[${i}]: must be an object.`);
    return read(item, `${at}[${i}]`);
  });
}

const period = (item: Record<string, unknown>, at: string): Period => ({
  start_date: text(item.start_date, `${at}.start_date`),
  end_date: text(item.end_date, `${at}.end_date`),
});

function company(value: unknown, at: string): ImportCompany | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return { external_id: null, name: text(value, at) };
  if (!isObject(value)) throw new Invalid(`${at}: must be an object.`);
  return {
    external_id: text(value.external_id, `${at}.external_id`),
    name: text(value.name, `${at}.name`),
    description: text(value.description, `${at}.description`),
    year_founded: integer(value.year_founded, `${at}.year_founded`),
    location: text(value.location, `${at}.location`),
    industry: text(value.industry, `${at}.industry`),
    company_size: text(value.company_size, `${at}.company_size`),
  };
}

/** A record of the import format, checked; or why it does not fit (the field named). */
export function readImportProfile(raw: unknown): { profile: ImportProfile } | { error: string } {
  try {
    if (!isObject(raw)) throw new Invalid('the record is not an object.');
    const profile: ImportProfile = {
      external_id: text(raw.external_id, 'external_id', true)!,
      first_name: text(raw.first_name, 'first_name') ?? '',
      last_name: text(raw.last_name, 'last_name') ?? '',
      email: text(raw.email, 'email'),
      location: text(raw.location, 'location'),
      headline: text(raw.headline, 'headline'),
      image_url: text(raw.image_url, 'image_url'),
      educations: items(raw.educations, 'educations', (item, at) => {
        const school = item.school === undefined || item.school === null ? {} : item.school;
        if (!isObject(school)) throw new Invalid(`${at}.school: must be an object.`);
        return {
          degree: text(item.degree, `${at}.degree`),
          field_of_study: text(item.field_of_study, `${at}.field_of_study`),
          ...period(item, at),
          school: { name: text(school.name, `${at}.school.name`), location: text(school.location, `${at}.school.location`) },
        };
      }),
      jobs: items(raw.jobs, 'jobs', (item, at) => ({
        job_title: text(item.job_title, `${at}.job_title`),
        ...period(item, at),
        company: company(item.company, `${at}.company`),
      })),
      skills: items(raw.skills, 'skills', (item, at) => ({
        name: text(item.name, `${at}.name`, true)!,
        endorsements: integer(item.endorsements, `${at}.endorsements`),
      })),
      courses: items(raw.courses, 'courses', (item, at) => ({ name: text(item.name, `${at}.name`, true)! })),
      languages: items(raw.languages, 'languages', (item, at) => ({
        name: text(item.name, `${at}.name`, true)!,
        level: text(item.level, `${at}.level`),
      })),
      projects: items(raw.projects, 'projects', (item, at) => ({ title: text(item.title, `${at}.title`, true)!, ...period(item, at) })),
      publications: items(raw.publications, 'publications', (item, at) => ({
        publisher: text(item.publisher, `${at}.publisher`),
        link: text(item.link, `${at}.link`),
      })),
      licenses: items(raw.licenses, 'licenses', (item, at) => ({
        name: text(item.name, `${at}.name`, true)!,
        issuer: text(item.issuer, `${at}.issuer`),
      })),
      recommendations: items(raw.recommendations, 'recommendations', (item, at) => ({
        text: text(item.text, `${at}.text`, true)!,
        received: bool(item.received, `${at}.received`),
        profile_url: text(item.profile_url, `${at}.profile_url`),
      })),
      interests: items(raw.interests, 'interests', (item, at) => ({
        name: text(item.name, `${at}.name`, true)!,
        interest_type: text(item.interest_type, `${at}.interest_type`),
        count: integer(item.count, `${at}.count`),
      })),
    };
    return { profile };
  } catch (error) {
    if (error instanceof Invalid) return { error: error.message };
    throw error;
  }
}

/** The company a person works at now: the first job without an end date. */
export function currentJob(profile: ImportProfile): ImportProfile['jobs'][number] | undefined {
  return profile.jobs.find((job) => !job.end_date);
}
