// The built-in annotator: explainable heuristics, offline and deterministic. Gender from first
// names, nationalities from the place of living and the family name, age from the first
// studies or job, a one-line summary, and the four 0–10 ratings from skills, titles, degrees and
// founder history. Each rule is small enough to read and to argue with.
import { COUNTRIES } from '../vocabulary/words';
import type { ImportProfile } from '../connector-kit/import-format';
import { currentJob } from '../connector-kit/import-format';
import type { Annotation, Annotator } from './types';
import { mapInSlices } from '../util/slices';

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();

// first names → gender, family names → countries, cities → country, from the word pools plus common names
const FIRST_NAMES = new Map<string, 'male' | 'female'>();
const FAMILY_NAMES = new Map<string, Set<string>>();
const CITIES = new Map<string, string>();
for (const country of COUNTRIES) {
  for (const name of country.male) FIRST_NAMES.set(fold(name), 'male');
  for (const name of country.female) if (!FIRST_NAMES.has(fold(name))) FIRST_NAMES.set(fold(name), 'female');
  for (const name of country.last) {
    if (!FAMILY_NAMES.has(fold(name))) FAMILY_NAMES.set(fold(name), new Set());
    FAMILY_NAMES.get(fold(name))!.add(country.code);
  }
  for (const city of country.cities) CITIES.set(fold(city), country.code);
}
for (const name of ['john', 'david', 'paul', 'peter', 'mark', 'alex', 'martin', 'ali', 'mohamed', 'ahmed', 'omar', 'ivan', 'sven'])
  FIRST_NAMES.set(name, 'male');
for (const name of ['mary', 'anna', 'laura', 'julia', 'elena', 'fatima', 'aisha', 'nina', 'sara', 'eva', 'olga', 'kim'])
  if (!FIRST_NAMES.has(name)) FIRST_NAMES.set(name, 'female');
const COUNTRY_CODES = new Set(COUNTRIES.map((c) => c.code));

const TECH_WORDS = [
  'engineer',
  'developer',
  'cto',
  'architect',
  'scientist',
  'machine learning',
  'devops',
  'security',
  'research',
  'data',
  'software',
];
const TECH_SKILLS = [
  'python',
  'typescript',
  'go',
  'rust',
  'kubernetes',
  'postgresql',
  'machine learning',
  'deep learning',
  'react',
  'distributed systems',
  'computer vision',
  'nlp',
  'cryptography',
  'embedded systems',
  'data analysis',
];
const SENIOR_WORDS = ['senior', 'staff', 'principal', 'lead', 'head', 'manager', 'director', 'vp', 'chief', 'cto', 'ceo', 'partner'];
const FOUNDER_WORDS = ['founder', 'co-founder', 'cofounder', 'ceo', 'owner'];
const DEGREE_SCORES: [RegExp, number][] = [
  [/\bph\.?d|doctor/i, 9],
  [/\bmba\b/i, 7.5],
  [/\bm\.?sc|\bmaster|\bmeng\b|\bm\.?a\.?\b/i, 7],
  [/\bb\.?sc|\bbachelor|\bb\.?a\.?\b|\bbeng\b/i, 5.5],
];

const round1 = (value: number) => Math.round(Math.min(10, Math.max(0, value)) * 10) / 10;
const yearOf = (date: string | null | undefined) => (date && /^\d{4}/.test(date) ? Number(date.slice(0, 4)) : undefined);
const has = (text: string, words: string[]) => words.some((word) => text.includes(word));

function countryOfLocation(location: string | null): string | undefined {
  if (!location) return undefined;
  const parts = location.split(',').map((p) => p.trim());
  const last = parts[parts.length - 1]?.toUpperCase();
  if (last && COUNTRY_CODES.has(last)) return last;
  for (const part of parts) {
    const code = CITIES.get(fold(part));
    if (code) return code;
  }
  return undefined;
}

function nationalities(person: ImportProfile): Record<string, number> {
  const scores = new Map<string, number>();
  const lives = countryOfLocation(person.location);
  if (lives) scores.set(lives, 0.6);
  const family = FAMILY_NAMES.get(fold(person.last_name));
  for (const code of family ?? []) scores.set(code, (scores.get(code) ?? 0) + 0.4 / family!.size);
  const total = [...scores.values()].reduce((a, b) => a + b, 0);
  return Object.fromEntries(
    [...scores].sort((a, b) => b[1] - a[1]).map(([code, score]) => [code, Math.round((score / total) * 100) / 100]),
  );
}

function age(person: ImportProfile, now: number): number | null {
  const studies = person.educations.map((e) => yearOf(e.start_date)).filter((y): y is number => y !== undefined);
  const jobs = person.jobs.map((j) => yearOf(j.start_date)).filter((y): y is number => y !== undefined);
  // people start university at about 18 and their first job at about 22
  const born = studies.length ? Math.min(...studies) - 18 : jobs.length ? Math.min(...jobs) - 22 : undefined;
  if (born === undefined) return null;
  const value = new Date(now).getUTCFullYear() - born;
  return value >= 16 && value <= 90 ? value : null;
}

function yearsWorked(person: ImportProfile, now: number): number {
  const nowYear = new Date(now).getUTCFullYear();
  return person.jobs.reduce((sum, job) => {
    const from = yearOf(job.start_date);
    if (from === undefined) return sum;
    return sum + Math.max(0, (yearOf(job.end_date) ?? nowYear) - from);
  }, 0);
}

/** The annotation of one person, at time `now` (ages are relative to it). */
export function annotateOffline(person: ImportProfile, now = Date.now()): Annotation {
  const titles = person.jobs.map((job) => fold(job.job_title ?? '')).concat(fold(person.headline ?? ''));
  const skills = person.skills.map((skill) => fold(skill.name));
  const allTitles = titles.join(' | ');
  const techSkills = skills.filter((skill) => TECH_SKILLS.includes(skill)).length;
  const tech =
    (has(allTitles, TECH_WORDS) ? 4 : 1) +
    Math.min(4, techSkills) +
    (person.publications.length ? 1 : 0) +
    (person.projects.length ? 1 : 0);
  const degrees = person.educations.map((e) =>
    Math.max(0, ...DEGREE_SCORES.filter(([pattern]) => pattern.test(e.degree ?? '')).map(([, score]) => score)),
  );
  const education = person.educations.length
    ? Math.max(3, ...degrees) + Math.min(1, person.courses.length * 0.25) + Math.min(1, person.licenses.length * 0.5)
    : null;
  const years = yearsWorked(person, now);
  const seniority = titles.filter((title) => has(title, SENIOR_WORDS)).length;
  const experience = person.jobs.length ? Math.min(7, years * 0.5) + Math.min(3, seniority) : null;
  const founded = titles.filter((title) => has(title, FOUNDER_WORDS)).length;
  const entrepreneurial =
    1 +
    Math.min(6, founded * 3) +
    (skills.includes('fundraising') ? 1.5 : 0) +
    (skills.includes('product strategy') ? 0.5 : 0) +
    (person.interests.some((i) => /combinator|capital|ventures?/i.test(i.name)) ? 1 : 0);
  const current = currentJob(person);
  const firstName = fold(person.first_name).split(/[\s-]/)[0];
  const topDegree = person.educations.find((e) => e.degree);
  const summaryParts = [
    current?.job_title && current.company?.name ? `${current.job_title} at ${current.company.name}` : person.headline,
    person.location ? `based in ${person.location}` : null,
    years ? `${years} years of experience` : null,
    topDegree ? `${topDegree.degree}${topDegree.field_of_study ? ` in ${topDegree.field_of_study}` : ''}` : null,
  ].filter(Boolean);
  return {
    age_value: age(person, now),
    gender_value: FIRST_NAMES.get(firstName) ?? null,
    nationalities: nationalities(person),
    summary: summaryParts.length ? `${summaryParts.join(', ')}.`.replace(/^./, (c) => c.toUpperCase()) : null,
    tech_rating: round1(tech),
    education_rating: education === null ? null : round1(education),
    professional_experience_rating: experience === null ? null : round1(experience),
    entrepreneurial_spirit_rating: round1(entrepreneurial),
  };
}

export const offlineAnnotator: Annotator = {
  name: 'offline-heuristics',
  model: 'heuristics-v1',
  async annotate(people) {
    const now = Date.now();
    return mapInSlices(people, (person) => ({
      annotation: annotateOffline(person, now),
      annotator: offlineAnnotator.name,
      model: offlineAnnotator.model,
    }));
  },
};
