// A People Data Labs person record (their Person Schema, as the Person Search and Person
// Enrichment APIs answer it) in our import format: the LinkedIn profile as external_id (else the
// PDL id), the current job as headline, experience newest first with their companies, education,
// skills, interests and languages. What does not fit fails that person alone, with the PDL field
// named. Free plans answer contact fields as true/false instead of values: those are ignored.
import { readImportProfile, type ImportCompany } from '../../connector-kit/import-format';
import type { SourceItem } from '../types';

/** LinkedIn's proficiency words (as the app shows them), for PDL's languages.proficiency 1–5. */
export const PROFICIENCY_LEVELS: Record<number, string> = {
  1: 'Elementary proficiency',
  2: 'Limited working proficiency',
  3: 'Professional working proficiency',
  4: 'Full professional proficiency',
  5: 'Native or bilingual proficiency',
};

const MAX_ITEMS = 500;

class Unmappable extends Error {}

type Row = Record<string, unknown>;
const isObject = (value: unknown): value is Row => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Text, or null for missing, empty and the free plans' true/false placeholders. */
function str(value: unknown, at: string): string | null {
  if (value === undefined || value === null || typeof value === 'boolean') return null;
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string') throw new Unmappable(`${at}: must be text.`);
  return value.trim() || null;
}

function list(value: unknown, at: string): unknown[] {
  if (value === undefined || value === null || typeof value === 'boolean') return [];
  if (!Array.isArray(value)) throw new Unmappable(`${at}: must be a list.`);
  return value;
}

function objects(value: unknown, at: string): Row[] {
  return list(value, at).map((item, i) => {
    if (!isObject(item)) throw new Unmappable(`${at}[${i}]: must be an object.`);
    return item;
  });
}

function object(value: unknown, at: string): Row {
  if (value === undefined || value === null) return {};
  if (!isObject(value)) throw new Unmappable(`${at}: must be an object.`);
  return value;
}

/** The texts of a list of strings (or of objects with a name), without repeats. */
function names(value: unknown, at: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  list(value, at).forEach((item, i) => {
    const name = isObject(item) ? str(item.name, `${at}[${i}].name`) : str(item, `${at}[${i}]`);
    if (name && !seen.has(name.toLowerCase())) {
      seen.add(name.toLowerCase());
      out.push(name);
    }
  });
  return out;
}

/** The LinkedIn slug after `/{kind}/` in any form PDL or a user writes the URL (no scheme, a country subdomain, a query). */
function linkedinSlug(url: string, kind: 'in' | 'company'): string | null {
  const text = url.trim().replace(/^https?:\/\//i, '');
  const match = new RegExp(`^(?:[a-z]{2,3}\\.|www\\.)?linkedin\\.com/${kind}/([^/?#\\s]+)`, 'i').exec(text);
  if (!match) return null;
  let slug = match[1];
  try {
    slug = decodeURIComponent(slug);
  } catch {
    // a stray % : kept as written
  }
  slug = slug.trim().toLowerCase();
  return slug && !/[/?#\s]/.test(slug) ? encodeURIComponent(slug) : null;
}

/** https://www.linkedin.com/in/<slug>, or null when `url` is not a LinkedIn profile. */
export function linkedinProfileUrl(url: unknown): string | null {
  if (typeof url !== 'string') return null;
  const slug = linkedinSlug(url, 'in');
  return slug ? `https://www.linkedin.com/in/${slug}` : null;
}

/** https://www.linkedin.com/company/<slug>/, or null when `url` is not a LinkedIn company page. */
export function linkedinCompanyUrl(url: unknown): string | null {
  if (typeof url !== 'string') return null;
  const slug = linkedinSlug(url, 'company');
  return slug ? `https://www.linkedin.com/company/${slug}/` : null;
}

/** Sort key of a PDL date (YYYY, YYYY-MM or YYYY-MM-DD): comparable as text; '' when unknown. */
const dateKey = (date: string | null) => (date && /^\d{4}(-\d{2}){0,2}$/.test(date) ? date : '');

type Dated = { start_date: string | null; end_date: string | null };

/** Newest first: what is still going on (the primary one first), then by end, then by start; unknown dates last. */
function newestFirst<T extends Dated>(items: T[], primary: (item: T) => boolean = () => false): T[] {
  return items
    .map((item, index) => ({ item, index }))
    .sort(
      (a, b) =>
        Number(a.item.end_date !== null) - Number(b.item.end_date !== null) ||
        Number(!primary(a.item)) - Number(!primary(b.item)) ||
        dateKey(b.item.end_date).localeCompare(dateKey(a.item.end_date)) ||
        dateKey(b.item.start_date).localeCompare(dateKey(a.item.start_date)) ||
        a.index - b.index,
    )
    .map(({ item }) => item);
}

function company(value: unknown, at: string): ImportCompany | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return value.trim() ? { external_id: null, name: value.trim() } : null;
  const row = object(value, at);
  const name = str(row.name, `${at}.name`);
  const external_id = linkedinCompanyUrl(row.linkedin_url);
  if (!name && !external_id) return null;
  const founded = typeof row.founded === 'string' ? row.founded.trim() : row.founded;
  return {
    external_id,
    name,
    year_founded:
      typeof founded === 'number' && Number.isInteger(founded)
        ? founded
        : typeof founded === 'string' && /^\d{4}$/.test(founded)
          ? Number(founded)
          : null,
    location: str(object(row.location, `${at}.location`).name, `${at}.location.name`),
    industry: str(row.industry, `${at}.industry`),
    company_size: str(row.size, `${at}.size`),
  };
}

/** The person's e-mail: the work one, else the recommended personal one, else the first listed. */
function emailOf(person: Row): string | null {
  const candidates: unknown[] = [person.work_email, person.recommended_personal_email];
  if (Array.isArray(person.emails)) candidates.push(...person.emails.map((e) => (isObject(e) ? e.address : e)));
  if (Array.isArray(person.personal_emails)) candidates.push(...person.personal_emails);
  const email = candidates.find((c): c is string => typeof c === 'string' && /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(c.trim()));
  return email?.trim() ?? null;
}

/** The person's LinkedIn profile: linkedin_url, else a LinkedIn entry of profiles[]. */
function linkedinOf(person: Row): string | null {
  const direct = linkedinProfileUrl(person.linkedin_url);
  if (direct) return direct;
  if (!Array.isArray(person.profiles)) return null;
  for (const profile of person.profiles) {
    if (!isObject(profile)) continue;
    const url =
      linkedinProfileUrl(profile.url) ??
      (profile.network === 'linkedin' && typeof profile.username === 'string'
        ? linkedinProfileUrl(`linkedin.com/in/${profile.username}`)
        : null);
    if (url) return url;
  }
  return null;
}

/** Who the person is, for a message about them. */
export function pdlPersonLabel(person: unknown): string {
  if (!isObject(person)) return 'a record';
  const name = typeof person.full_name === 'string' && person.full_name.trim() ? `"${person.full_name.trim().slice(0, 100)}"` : '';
  const id = typeof person.id === 'string' && person.id.trim() ? `(pdl:${person.id.trim().slice(0, 80)})` : '';
  return ['person', name, id].filter(Boolean).join(' ');
}

/** The import-format record of a PDL person (readImportProfile checks it); throws Unmappable. */
function pdlPersonRecord(person: Row): Row {
  const id = str(person.id, 'id');
  let first = str(person.first_name, 'first_name');
  let last = str(person.last_name, 'last_name');
  const full = str(person.full_name, 'full_name');
  if (!first && !last && full) {
    const [given, ...family] = full.split(/\s+/);
    first = given;
    last = family.join(' ') || null;
  }
  const title = str(person.job_title, 'job_title');
  const employer = str(person.job_company_name, 'job_company_name');
  const headline = title && employer ? `${title} at ${employer}` : (title ?? str(person.headline, 'headline'));
  const place = [str(person.location_locality, 'location_locality'), str(person.location_country, 'location_country')]
    .filter(Boolean)
    .join(', ');

  type Job = Dated & { job_title: string | null; company: ImportCompany | null; is_primary: boolean };
  const experience: Job[] = objects(person.experience, 'experience').map((job, i) => {
    const at = `experience[${i}]`;
    return {
      job_title: isObject(job.title) ? str(job.title.name, `${at}.title.name`) : str(job.title, `${at}.title`),
      start_date: str(job.start_date, `${at}.start_date`),
      end_date: str(job.end_date, `${at}.end_date`),
      company: company(job.company, `${at}.company`),
      is_primary: job.is_primary === true,
    };
  });
  const jobs = newestFirst(
    experience.filter((job) => job.job_title || job.company),
    (job) => job.is_primary,
  ).map(({ is_primary: _primary, ...job }) => job);

  const educations = newestFirst(
    objects(person.education, 'education')
      .map((item, i) => {
        const at = `education[${i}]`;
        const school = typeof item.school === 'string' ? { name: item.school } : object(item.school, `${at}.school`);
        return {
          degree: names(item.degrees, `${at}.degrees`).join(', ') || null,
          field_of_study: names(item.majors, `${at}.majors`).join(', ') || null,
          start_date: str(item.start_date, `${at}.start_date`),
          end_date: str(item.end_date, `${at}.end_date`),
          school: {
            name: str(school.name, `${at}.school.name`),
            location: str(object(school.location, `${at}.school.location`).name, `${at}.school.location.name`),
          },
        };
      })
      .filter((education) => education.school.name || education.degree || education.field_of_study),
  );

  const languages: { name: string; level: string | null }[] = [];
  const spoken = new Set<string>();
  list(person.languages, 'languages').forEach((item, i) => {
    const name = isObject(item) ? str(item.name, `languages[${i}].name`) : str(item, `languages[${i}]`);
    if (!name || spoken.has(name.toLowerCase())) return;
    spoken.add(name.toLowerCase());
    const proficiency = isObject(item) ? item.proficiency : undefined;
    languages.push({
      name,
      level: typeof proficiency === 'number' ? (PROFICIENCY_LEVELS[proficiency] ?? null) : str(proficiency, `languages[${i}].proficiency`),
    });
  });

  const linkedin = linkedinOf(person);
  return {
    external_id: linkedin ?? (id ? `pdl:${id}` : null),
    first_name: first,
    last_name: last,
    email: emailOf(person),
    location: str(person.location_name, 'location_name') ?? (place || null),
    headline,
    image_url: null,
    jobs: jobs.slice(0, MAX_ITEMS),
    educations: educations.slice(0, MAX_ITEMS),
    skills: names(person.skills, 'skills')
      .slice(0, MAX_ITEMS)
      .map((name) => ({ name, endorsements: null })),
    interests: names(person.interests, 'interests')
      .slice(0, MAX_ITEMS)
      .map((name) => ({ name, interest_type: null, count: null })),
    languages: languages.slice(0, MAX_ITEMS),
    courses: [],
    projects: [],
    publications: [],
    licenses: [],
    recommendations: [],
  };
}

/** A PDL person as the ingestion takes it: the profile, or why this person cannot be read. */
export function pdlPersonItem(raw: unknown): SourceItem {
  if (!isObject(raw)) return { error: 'a person of the answer is not an object.' };
  let record: Row;
  try {
    record = pdlPersonRecord(raw);
  } catch (error) {
    if (error instanceof Unmappable) return { error: `${pdlPersonLabel(raw)}: ${error.message}` };
    throw error;
  }
  if (!record.external_id) return { error: `${pdlPersonLabel(raw)}: has neither a LinkedIn profile nor a PDL id to be known by.` };
  const read = readImportProfile(record);
  return 'error' in read ? { error: `${pdlPersonLabel(raw)}: ${read.error}` } : read;
}
