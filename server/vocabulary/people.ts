// Seeded people and companies made of the word pools (words.ts): the same seed and index give the
// same person on every machine, in any order. The synthetic connector's network and the demo
// dataset are made of them.
import type { Insertable } from 'kysely';
import type { CompanyTable, ProfileDetailTable, ProfileTable } from '../db/schema';
import { Random } from './random';
import * as words from './words';

/** The fixed seed of the demo dataset: its people's external ids carry no seed. */
export const DEMO_SEED = 20261122;
/** Dates are spread back from this day, so the dataset is the same whenever it is made. */
const REFERENCE_DAY = Date.UTC(2026, 10, 1);
const DAY = 86_400_000;

export const COMPANY_URL_PREFIX = 'https://www.linkedin.com/company/';
export const PROFILE_URL_PREFIX = 'https://www.linkedin.com/in/';

const slug = (s: string) =>
  s
    .replace(/ß/g, 'ss')
    .replace(/[łŁ]/g, 'l')
    .replace(/[øØ]/g, 'o')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/(^-|-$)/g, '');

export function makeCompany(seed: number, index: number): Insertable<CompanyTable> {
  const rng = Random.forItem(seed + 1, index);
  const name = `${words.COMPANY_WORDS[index % words.COMPANY_WORDS.length]} ${words.COMPANY_SUFFIXES[Math.floor(index / words.COMPANY_WORDS.length) % words.COMPANY_SUFFIXES.length]}${index >= words.COMPANY_WORDS.length * words.COMPANY_SUFFIXES.length ? ` ${index}` : ''}`;
  const country = rng.pick(words.COUNTRIES);
  const created = REFERENCE_DAY - rng.int(30, 900) * DAY;
  return {
    external_id: `${COMPANY_URL_PREFIX}${slug(name)}/`,
    name,
    description: rng.chance(0.85)
      ? `${name} builds ${rng.pick(words.INDUSTRIES).toLowerCase()} products for teams around the world.`
      : null,
    year_founded: rng.chance(0.9) ? rng.int(1975, 2025) : null,
    location: rng.chance(0.8) ? `${rng.pick(country.cities)}, ${country.code}` : null,
    industry: rng.pick(words.INDUSTRIES),
    company_size: rng.pick(words.COMPANY_SIZES),
    created_at: new Date(created),
    updated_at: new Date(created + rng.next() * (REFERENCE_DAY - created)),
  };
}

export interface GeneratedProfile {
  profile: Insertable<ProfileTable>;
  detail: Omit<Insertable<ProfileDetailTable>, 'profile_id'>;
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const rating = (rng: Random, mean: number) => (rng.chance(0.1) ? null : Math.round(rng.normal(mean, 6, 0, 10) * 10) / 10);

/**
 * Profile number `index` of the set made with `seed`: a believable person with
 * nested lists filled unevenly (some empty). `companies` are {id, name} to work at.
 */
export function makeProfile(
  seed: number,
  index: number,
  companies: { id: number; name: string }[],
  dataSourceIds: number[],
): GeneratedProfile {
  const rng = Random.forItem(seed, index);
  const country = rng.pick(words.COUNTRIES);
  const roll = rng.next();
  const gender = roll < 0.47 ? 'male' : roll < 0.94 ? 'female' : roll < 0.96 ? 'non-binary' : null;
  const first = rng.pick(gender === 'female' ? country.female : gender === 'male' ? country.male : [...country.male, ...country.female]);
  const last = rng.pick(country.last);
  const nationalities: Record<string, number> = {};
  const main = Math.round(rng.normal(0.75, 0.4, 0.4, 0.98) * 100) / 100;
  nationalities[country.code] = main;
  if (rng.chance(0.4)) {
    const other = rng.pick(words.COUNTRIES.filter((c) => c.code !== country.code));
    nationalities[other.code] = Math.round((1 - main) * 100) / 100;
  }
  const jobs = Array.from({ length: rng.int(0, 5) }, (_, j) => {
    const company = rng.pick(companies);
    const start = REFERENCE_DAY - (j + 1) * rng.int(200, 900) * DAY;
    return {
      job_title: rng.pick(words.TITLES),
      start_date: isoDay(start),
      end_date: j === 0 && rng.chance(0.7) ? null : isoDay(start + rng.int(120, 800) * DAY),
      company: { id: company.id, name: company.name },
    };
  });
  const current = jobs[0];
  const created = REFERENCE_DAY - rng.int(1, 700) * DAY - rng.int(0, DAY / 1000) * 1000;
  const schools = Array.from({ length: rng.int(0, 3) }, () => {
    const [name, location] = rng.pick(words.SCHOOLS);
    const start = REFERENCE_DAY - rng.int(3000, 9000) * DAY;
    return {
      degree: rng.chance(0.9) ? rng.pick(words.DEGREES) : null,
      field_of_study: rng.chance(0.85) ? rng.pick(words.FIELDS) : null,
      start_date: isoDay(start),
      end_date: rng.chance(0.8) ? isoDay(start + rng.int(700, 2000) * DAY) : null,
      school: { name, location: rng.chance(0.8) ? location : null },
    };
  });
  return {
    profile: {
      external_id: `${PROFILE_URL_PREFIX}${slug(`${first}-${last}`)}-${index.toString(36)}${seed === DEMO_SEED ? '' : `-${seed.toString(36)}`}`,
      first_name: first,
      last_name: last,
      email: rng.chance(0.6)
        ? `${slug(first)}.${slug(last)}${index}@${rng.pick(['gmail.com', 'outlook.com', 'proton.me', 'example.org'])}`
        : null,
      location: rng.chance(0.9) ? `${rng.pick(country.cities)}, ${country.code}` : null,
      headline: current ? `${current.job_title} at ${current.company.name}` : rng.chance(0.5) ? `${rng.pick(words.FIELDS)} student` : null,
      image_url: rng.chance(0.55) ? `https://i.pravatar.cc/300?u=${encodeURIComponent(`${seed}-${index}`)}` : null,
      current_company: current && !current.end_date ? current.company.name : null,
      age_value: rng.chance(0.9) ? rng.int(19, 64) : null,
      gender_value: gender,
      summary: rng.chance(0.85) ? rng.pick(words.SUMMARIES) : null,
      nationalities: JSON.stringify(nationalities),
      tech_rating: rating(rng, 5.5),
      education_rating: rating(rng, 6),
      professional_experience_rating: rating(rng, 4.5),
      entrepreneurial_spirit_rating: rating(rng, 4),
      app_rating: rng.chance(0.08) ? Math.round(rng.next() * 1000) / 100 : null,
      data_source_ids: rng.sample(dataSourceIds, rng.chance(0.2) && dataSourceIds.length > 1 ? 2 : 1).sort((a, b) => a - b),
      created_at: new Date(created),
      updated_at: new Date(created + rng.next() * (REFERENCE_DAY - created)),
    },
    detail: {
      educations: JSON.stringify(schools),
      jobs: JSON.stringify(jobs),
      skills: JSON.stringify(
        rng.sample(words.SKILLS, rng.int(0, 10)).map((name) => ({ name, endorsements: rng.chance(0.8) ? rng.int(0, 99) : null })),
      ),
      courses: JSON.stringify(rng.sample(words.COURSES, rng.int(0, 4)).map((name) => ({ name }))),
      languages: JSON.stringify(
        [
          { name: country.language, level: 'Native or bilingual proficiency' },
          ...(rng.chance(0.7) && country.language !== 'English' ? [{ name: 'English', level: rng.pick(words.LEVELS.slice(1)) }] : []),
        ].slice(0, rng.chance(0.15) ? 0 : 2),
      ),
      projects: JSON.stringify(
        rng.sample(words.PROJECTS, rng.int(0, 3)).map((title) => {
          const start = REFERENCE_DAY - rng.int(100, 3000) * DAY;
          return { title, start_date: isoDay(start), end_date: rng.chance(0.6) ? isoDay(start + rng.int(30, 400) * DAY) : null };
        }),
      ),
      publications: JSON.stringify(
        Array.from({ length: rng.chance(0.25) ? rng.int(1, 2) : 0 }, () => ({
          publisher: rng.pick(words.PUBLISHERS),
          link: rng.chance(0.7) ? `https://arxiv.org/abs/2${rng.int(100, 599)}.${rng.int(10000, 99999)}` : null,
        })),
      ),
      licenses: JSON.stringify(rng.sample(words.LICENSES, rng.chance(0.3) ? rng.int(1, 2) : 0).map(([name, issuer]) => ({ name, issuer }))),
      recommendations: JSON.stringify(
        rng.sample(words.RECOMMENDATIONS, rng.chance(0.35) ? rng.int(1, 2) : 0).map((text) => ({
          text,
          received: rng.chance(0.7),
          profile_url: rng.chance(0.6) ? `${PROFILE_URL_PREFIX}${slug(rng.pick(words.COUNTRIES).last[0])}-${rng.int(100, 999)}` : null,
        })),
      ),
      interests: JSON.stringify(
        rng
          .sample(words.INTERESTS, rng.int(0, 4))
          .map(([name, interest_type]) => ({ name, interest_type, count: rng.chance(0.8) ? rng.int(100, 2_000_000) : null })),
      ),
    },
  };
}
