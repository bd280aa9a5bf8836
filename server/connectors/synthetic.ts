// The synthetic network (offline; the demo's default): deterministic people and companies from
// a seed, the same on every machine. On each later run a share of the people change job or
// location — the same share of the same people for the same run, a new job dated the day its run
// was asked for — so retrievals, the change log and the signals can be watched without the internet.
import { Random } from '../vocabulary/random';
import { makeCompany, makeProfile } from '../vocabulary/people';
import * as words from '../vocabulary/words';
import type { ImportCompany, ImportProfile } from '../connector-kit/import-format';
import { field, listOf, textOf, type FieldValues } from '../connector-kit/fields';
import { ANNOTATION_FIELDS_DEF, annotationFieldProblems } from '../connector-kit/annotation-field';
import { COMMON_SCHEDULES, type ConnectorDeclaration } from './types';

const MAX_PEOPLE = 100_000;
const COMPANY_POOL = 60;
const DAY = 86_400_000;
/** without its runs' dates (a test calling syntheticPerson), run k is dated this many days after this day */
const FIRST_RUN_DAY = Date.UTC(2026, 10, 1);

interface Settings {
  people: number;
  seed: number;
  share: number;
  countries: string[];
}

function settingsOf(data: FieldValues, dataSourceId: number): Settings {
  const seedText = textOf(data, 'seed');
  const shareText = textOf(data, 'change_share');
  return {
    people: Number(textOf(data, 'people')),
    seed: seedText ? Number(seedText) : 1_000 + dataSourceId,
    share: shareText ? Number(shareText) / 100 : 0.1,
    countries: listOf(data, 'countries').map((code) => code.toUpperCase()),
  };
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function companyPool(seed: number): ImportCompany[] {
  return Array.from({ length: COMPANY_POOL }, (_, c) => {
    const { external_id, name, description, year_founded, location, industry, company_size } = makeCompany(seed, c);
    return { external_id, name, description, year_founded, location, industry, company_size };
  });
}

/**
 * The day run `k`'s changes are dated: the day that run was asked for when known (a new job
 * starts on the day the retrieval noticed it, as a fresh move would), else its nominal day.
 */
const runDay = (k: number, runDates?: Date[]) => {
  const when = runDates?.[k];
  return when ? isoDay(when.getTime()) : isoDay(FIRST_RUN_DAY + k * DAY);
};

/** Person `index` of the network as of run `run` (0: as first retrieved); `runDates`: when each run so far was asked for. */
export function syntheticPerson(settings: Settings, pool: ImportCompany[], index: number, run: number, runDates?: Date[]): ImportProfile {
  const { profile, detail } = makeProfile(
    settings.seed,
    index,
    pool.map((company, id) => ({ id, name: company.name! })),
    [],
  );
  const jobs = (
    JSON.parse(detail.jobs as string) as { job_title: string; start_date: string; end_date: string | null; company: { id: number } }[]
  ).map((job) => ({
    job_title: job.job_title,
    start_date: job.start_date,
    end_date: job.end_date,
    company: pool[job.company.id],
  }));
  const person: ImportProfile = {
    external_id: profile.external_id,
    first_name: profile.first_name ?? '',
    last_name: profile.last_name ?? '',
    email: profile.email ?? null,
    location: profile.location ?? null,
    headline: profile.headline ?? null,
    image_url: profile.image_url ?? null,
    educations: JSON.parse(detail.educations as string),
    jobs,
    skills: JSON.parse(detail.skills as string),
    courses: JSON.parse(detail.courses as string),
    languages: JSON.parse(detail.languages as string),
    projects: JSON.parse(detail.projects as string),
    publications: JSON.parse(detail.publications as string),
    licenses: JSON.parse(detail.licenses as string),
    recommendations: JSON.parse(detail.recommendations as string),
    interests: JSON.parse(detail.interests as string),
  };
  for (let k = 1; k <= run; k++) {
    const rng = Random.forItem(settings.seed * 31 + k, index);
    if (!rng.chance(settings.share)) continue;
    const day = runDay(k, runDates);
    if (rng.chance(0.6)) {
      const company = rng.pick(pool);
      const title = rng.pick(words.TITLES);
      const current = person.jobs.find((job) => !job.end_date);
      if (current) current.end_date = day;
      person.jobs = [{ job_title: title, start_date: day, end_date: null, company }, ...person.jobs].slice(0, 6);
      person.headline = `${title} at ${company.name}`;
    } else {
      const country = rng.pick(words.COUNTRIES);
      person.location = `${rng.pick(country.cities)}, ${country.code}`;
    }
  }
  return person;
}

const countryOf = (person: ImportProfile) => person.location?.split(', ').pop()?.toUpperCase();

export const synthetic: ConnectorDeclaration = {
  internal_name: 'synthetic',
  label: 'Synthetic network (offline)',
  additional_data: {
    people: field('Number of people', {
      required: true,
      help: `How many people the network holds, 1 to ${MAX_PEOPLE.toLocaleString('en')}.`,
    }),
    seed: field('Seed', { help: 'The same seed gives the same people (a whole number; default: one per data source).' }),
    change_share: field('Changes per run (%)', { help: 'Share of the people who change job or location on each later run (default 10).' }),
    countries: field('Countries', {
      type: 'list',
      help: 'Only people who live in these countries (ISO codes such as DE or FR); none: everyone.',
    }),
    ...ANNOTATION_FIELDS_DEF,
  },
  schedule_options: [COMMON_SCHEDULES[0], { value: '*/5 * * * *', label: 'Every 5 minutes' }, ...COMMON_SCHEDULES.slice(1)],
  validate(data) {
    const problems: string[] = [];
    const people = Number(textOf(data, 'people'));
    if (textOf(data, 'people') && (!Number.isInteger(people) || people < 1 || people > MAX_PEOPLE))
      problems.push(`additional_data.people: Enter a whole number from 1 to ${MAX_PEOPLE}.`);
    const seed = textOf(data, 'seed');
    if (seed && !/^\d{1,9}$/.test(seed)) problems.push('additional_data.seed: Enter a whole number of at most 9 digits.');
    const share = textOf(data, 'change_share');
    if (share && !(Number(share) >= 0 && Number(share) <= 100))
      problems.push('additional_data.change_share: Enter a percentage from 0 to 100.');
    const known = new Set(words.COUNTRIES.map((c) => c.code));
    const unknown = listOf(data, 'countries').filter((code) => !known.has(code.toUpperCase()));
    if (unknown.length)
      problems.push(`additional_data.countries: Unknown country codes: ${unknown.join(', ')} (known: ${[...known].join(', ')}).`);
    return [...problems, ...annotationFieldProblems(data)];
  },
  async *fetch(context) {
    const settings = settingsOf(context.additionalData, context.dataSourceId);
    const pool = companyPool(settings.seed);
    const wanted = new Set(settings.countries);
    if (!wanted.size) context.announceTotal(settings.people);
    let given = 0;
    // with a country filter the network is scanned until enough people live there (at most 20× over)
    for (let index = 0; given < settings.people && index < settings.people * (wanted.size ? 20 : 1); index++) {
      const person = syntheticPerson(settings, pool, index, context.run, context.runDates);
      if (wanted.size && !wanted.has(countryOf(person) ?? '')) continue;
      given++;
      if (given <= context.skip) continue;
      yield { profile: person };
    }
  },
};
