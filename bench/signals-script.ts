// The signals check's script and its oracle (bench/signals.ts): people as a profile feed gives
// them in two retrievals, the change each one makes between them, the rules a few scouts set over
// their lists, and the notifications those rules must raise. Written from the rules as
// docs/RULES.md and the issue state them, never from server/signals: it is what the engine is
// checked against.

/** A seeded generator (mulberry32): the same script on every machine. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    chance: (p: number) => next() < p,
  };
}
type Random = ReturnType<typeof random>;

export const COMPANIES = [
  'Acme Robotics',
  'Northwind Labs',
  'Globex',
  'Initech',
  'Umbrella Health',
  'Hooli',
  'Pied Piper',
  'Stealth',
  'Vandelay Imports',
  'Soylent Foods',
  'Tyrell Robotics',
  'Cyberdyne Systems',
  'Aperture Science',
  'Massive Dynamic',
  'Wonka Foods',
  'Gringotts Bank',
  'Monarch Systems',
  'Dunder Mifflin',
  'Bluth Company',
  'Sterling Cooper',
  'Nakatomi Trading',
  'Octan Energy',
  'Krusty Foods',
  'Iron Bank',
] as const;
export const TITLES = [
  'Software Engineer',
  'Data Scientist',
  'Product Manager',
  'Engineering Manager',
  'CTO',
  'Founder',
  'Designer',
  'Head of Data',
  'VP Engineering',
  'Staff Engineer',
  'Sales Director',
  'Recruiter',
  'Analyst',
  'Researcher',
] as const;
export const LOCATIONS = [
  'Berlin, DE',
  'Munich, DE',
  'Paris, FR',
  'Lyon, FR',
  'London, GB',
  'Manchester, GB',
  'Madrid, ES',
  'Barcelona, ES',
  'Lisbon, PT',
  'Dublin, IE',
  'Amsterdam, NL',
  'Oslo, NO',
  'Stockholm, SE',
  'Zurich, CH',
  'Vienna, AT',
  'Milan, IT',
] as const;
/** a person's headline as first retrieved: one of the titles, or this when they have no job */
const OPEN_TO_WORK = 'Open to work';
export const NEW_HEADLINES = [
  'Founder at Stealth',
  'Building something new',
  'Advisor | Angel investor',
  'Looking for new opportunities',
  'Founder & CEO',
  'Head of Data | Speaker',
  'Engineering leader',
] as const;
const FIRST_NAMES = ['Ada', 'Grace', 'Alan', 'Linus', 'Margaret', 'Edsger', 'Barbara', 'Donald', 'Frances', 'Ken', 'Radia', 'Tim'];

const companyRef = (name: string) => ({ external_id: `https://network.example/company/${name.toLowerCase().replace(/\W+/g, '-')}`, name });

export interface FeedJob {
  job_title: string;
  start_date: string;
  end_date: string | null;
  company: { external_id: string; name: string };
}

/** A record of the import format (docs/IMPORT_FORMAT.md), as far as the check needs one. */
export interface FeedPerson {
  external_id: string;
  first_name: string;
  last_name: string;
  location: string | null;
  headline: string | null;
  jobs: FeedJob[];
}

/** What a person does between the two retrievals. */
export const KINDS = {
  'no-op': 'nothing changes',
  job: 'new current job at another company, starting today (the old one ends today)',
  'job, same title': 'new job at another company with the same title',
  'job and headline': 'new job and a headline "Title at Company"',
  'job listed last': 'new job, appended after the older jobs instead of first',
  left: 'the current job ends, no new one (a second open role, when they hold one, becomes current)',
  'first job': 'someone with no job gets one',
  location: 'moves to another city',
  'location, case only': 'the same city written in capitals: not a change (text compares without case)',
  'location and headline': 'moves and rewrites the headline',
  headline: 'rewrites the headline',
  'late role, listed first': 'a role started years ago, before the previous retrieval, added without end date, listed first: not a change',
  'late role, listed last': 'the same, listed last: not a change',
  'title edit': 'the current job retitled at the same company: a job-title change only',
  'title edit and location': 'a retitle and a move',
  reorder: 'the same jobs in another order (two open roles swapped for some): not a change',
} as const;
export type Kind = keyof typeof KINDS;

/** How often each kind is drawn for a person who has a job (the rest: no-op). */
const KIND_SHARES: [Kind, number][] = [
  ['job', 0.06],
  ['job, same title', 0.01],
  ['job and headline', 0.02],
  ['job listed last', 0.01],
  ['left', 0.01],
  ['location', 0.08],
  ['location, case only', 0.01],
  ['location and headline', 0.01],
  ['headline', 0.04],
  ['late role, listed first', 0.02],
  ['late role, listed last', 0.01],
  ['title edit', 0.03],
  ['title edit and location', 0.01],
  ['reorder', 0.03],
];

export interface ScriptedPerson {
  index: number;
  watched: boolean;
  kind: Kind;
  before: FeedPerson;
  after: FeedPerson;
  /** the jobs of `after` added late (started before the previous retrieval): not a change */
  lateAdded: FeedJob[];
}

const day = (year: number, month: number, dayOfMonth: number) =>
  `${year}-${String(month).padStart(2, '0')}-${String(dayOfMonth).padStart(2, '0')}`;
const randomDay = (rng: Random, fromYear: number, toYear: number) =>
  day(fromYear + rng.int(toYear - fromYear + 1), 1 + rng.int(12), 1 + rng.int(28));

function otherThan<T>(rng: Random, items: readonly T[], ...not: (T | null | undefined)[]): T {
  for (;;) {
    const item = rng.pick(items);
    if (!not.includes(item)) return item;
  }
}

/** The primary current job (the rule vocabulary's): among the open jobs, the one that started last. */
export function primaryJob(jobs: FeedJob[]): FeedJob | null {
  let primary: FeedJob | null = null;
  for (const job of jobs) if (!job.end_date && (!primary || job.start_date > primary.start_date)) primary = job;
  return primary;
}

/**
 * Person `index` as first retrieved and as retrieved again: `today` is the second retrieval's
 * day (new jobs start then), and every late-added role started before the first retrieval.
 */
function scriptPerson(index: number, watched: boolean, today: string): ScriptedPerson {
  const rng = random(20261125 * 7 + index);
  const jobless = rng.chance(0.03);
  let kind: Kind = 'no-op';
  if (jobless) kind = rng.chance(0.4) ? 'first job' : 'no-op';
  else {
    let draw = rng.next();
    for (const [candidate, share] of KIND_SHARES) {
      if (draw < share) {
        kind = candidate;
        break;
      }
      draw -= share;
    }
  }
  const jobs: FeedJob[] = [];
  if (!jobless) {
    // past jobs, oldest last, then the current one (started 2015–2021) first
    const past = kind === 'reorder' ? 1 + rng.int(3) : rng.int(4);
    let end = 2015;
    for (let p = 0; p < past; p++) {
      const start = end - 1 - rng.int(3);
      jobs.push({
        job_title: rng.pick(TITLES),
        start_date: randomDay(rng, start, start),
        end_date: randomDay(rng, end, end),
        company: companyRef(rng.pick(COMPANIES)),
      });
      end = start;
    }
    const title = rng.pick(TITLES);
    jobs.unshift({ job_title: title, start_date: randomDay(rng, 2015, 2021), end_date: null, company: companyRef(rng.pick(COMPANIES)) });
    // a second open role started earlier (an advisory seat), listed before the current job
    if (rng.chance(kind === 'reorder' ? 0.5 : 0.08)) {
      jobs.unshift({
        job_title: 'Advisor',
        start_date: randomDay(rng, 2010, 2014),
        end_date: null,
        company: companyRef(otherThan(rng, COMPANIES, jobs[0]!.company.name)),
      });
    }
  }
  const primary = primaryJob(jobs);
  const before: FeedPerson = {
    external_id: `https://network.example/in/bench-signals-${index}`,
    first_name: FIRST_NAMES[index % FIRST_NAMES.length]!,
    last_name: `Watch${String(index).padStart(6, '0')}`,
    location: rng.pick(LOCATIONS),
    headline: primary ? rng.pick(TITLES) : OPEN_TO_WORK,
    jobs,
  };
  const after: FeedPerson = structuredClone(before);
  const lateAdded: FeedJob[] = [];
  const current = primaryJob(after.jobs);
  const newJob = (sameTitle: boolean): FeedJob => ({
    job_title: sameTitle && current ? current.job_title : otherThan(rng, TITLES, current?.job_title),
    start_date: today,
    end_date: null,
    company: companyRef(otherThan(rng, COMPANIES, current?.company.name)),
  });
  const move = () => {
    after.location = otherThan(rng, LOCATIONS, before.location);
  };
  const rewrite = () => {
    after.headline = otherThan(rng, NEW_HEADLINES, before.headline);
  };
  const retitle = () => {
    const job = current!;
    job.job_title = job.job_title.startsWith('Senior ') ? `Principal ${job.job_title.slice(7)}` : `Senior ${job.job_title}`;
  };
  switch (kind) {
    case 'no-op':
      break;
    case 'job':
    case 'job, same title':
    case 'job and headline':
    case 'job listed last': {
      const job = newJob(kind === 'job, same title');
      current!.end_date = today;
      if (kind === 'job listed last') after.jobs.push(job);
      else after.jobs.unshift(job);
      if (kind === 'job and headline') after.headline = `${job.job_title} at ${job.company.name}`;
      break;
    }
    case 'left':
      current!.end_date = today;
      break;
    case 'first job':
      after.jobs.unshift(newJob(false));
      break;
    case 'location':
      move();
      break;
    case 'location, case only':
      after.location = before.location!.toUpperCase();
      break;
    case 'location and headline':
      move();
      rewrite();
      break;
    case 'headline':
      rewrite();
      break;
    case 'late role, listed first':
    case 'late role, listed last': {
      // started after the current job (so it would become the latest open one) but long before the first retrieval
      const start = randomDay(rng, Math.max(2022, Number(current!.start_date.slice(0, 4)) + 1), 2024);
      const role: FeedJob = {
        job_title: otherThan(rng, TITLES, current!.job_title),
        start_date: start,
        end_date: null,
        company: companyRef(otherThan(rng, COMPANIES, current!.company.name)),
      };
      lateAdded.push(role);
      if (kind === 'late role, listed first') after.jobs.unshift(role);
      else after.jobs.push(role);
      break;
    }
    case 'title edit':
      retitle();
      break;
    case 'title edit and location':
      retitle();
      move();
      break;
    case 'reorder': {
      // the same jobs, reversed (with two open roles, the other one now comes first)
      after.jobs.reverse();
      break;
    }
  }
  return { index, watched, kind, before, after, lateAdded };
}

/** `watched` people in the lists, and a fifth as many again whom nobody watches. */
export function scriptPeople(watched: number, today: string): ScriptedPerson[] {
  const total = watched + Math.round(watched / 5);
  return Array.from({ length: total }, (_, index) => scriptPerson(index, index < watched, today));
}

const norm = (text: string) => text.trim().toLowerCase();

export type Signal = 'location' | 'headline' | 'company' | 'job_title';
export interface Change {
  old: string | null;
  new: string | null;
}

/** The changes a scripted person makes, by signal (the oracle's reading of the rule vocabulary). */
export function changesOf(person: ScriptedPerson): Partial<Record<Signal, Change>> {
  const changes: Partial<Record<Signal, Change>> = {};
  const { before, after } = person;
  // text compares with case and surrounding spaces ignored (a city edited only in case has not moved)
  const differ = (a: string | null, b: string | null) => (a === null ? null : norm(a)) !== (b === null ? null : norm(b));
  if (differ(before.location, after.location)) changes.location = { old: before.location, new: after.location };
  if (differ(before.headline, after.headline)) changes.headline = { old: before.headline, new: after.headline };
  const oldJob = primaryJob(before.jobs);
  const newJob = primaryJob(after.jobs.filter((job) => !person.lateAdded.includes(job)));
  const oldCompany = oldJob?.company.name ?? null;
  const newCompany = newJob?.company.name ?? null;
  if (oldCompany !== newCompany) changes.company = { old: oldCompany, new: newCompany };
  const oldTitle = oldJob?.job_title ?? null;
  const newTitle = newJob?.job_title ?? null;
  if (oldTitle !== newTitle) changes.job_title = { old: oldTitle, new: newTitle };
  return changes;
}

/**
 * Each attribute's signals (Profile.current_company and Job.company both read the job change;
 * Profile.job_or_location, a crowdsourcing user's default rule, either the job change or the move,
 * each change on its own).
 */
export const ATTRIBUTES: { model: string; attribute: string; signals: Signal[] }[] = [
  { model: 'Profile', attribute: 'location', signals: ['location'] },
  { model: 'Profile', attribute: 'headline', signals: ['headline'] },
  { model: 'Profile', attribute: 'current_company', signals: ['company'] },
  { model: 'Profile', attribute: 'job_or_location', signals: ['company', 'location'] },
  { model: 'Job', attribute: 'job_title', signals: ['job_title'] },
  { model: 'Job', attribute: 'company', signals: ['company'] },
];
export const OPERATORS = ['changed', 'changed to', 'changed from', 'contains', 'equals'] as const;
export type Operator = (typeof OPERATORS)[number];

/** Whether a change matches an operator and value (docs/RULES.md). */
export function operatorMatches(operator: Operator, value: string, change: Change): boolean {
  const v = norm(value);
  switch (operator) {
    case 'changed':
      return true;
    case 'changed to':
      return change.new !== null && norm(change.new) === v;
    case 'changed from':
      return change.old !== null && norm(change.old) === v;
    case 'contains':
      return change.new !== null && norm(change.new).includes(v);
    case 'equals':
      return (change.old !== null && norm(change.old) === v) || (change.new !== null && norm(change.new) === v);
  }
}

const shout = (text: string) => ` ${text.toUpperCase()} `;
const CONTAINS: Record<Signal, string[]> = {
  location: ['LIN', ', fr', 'ma', 'on', 'AM'],
  headline: ['founder', 'DATA', 'stealth', 'Engineer', 'angel'],
  company: ['robot', 'FOODS', 'systems', 'bank', 'co'],
  job_title: ['senior', 'ENGINEER', 'data', 'manager', 'SCIENT'],
};

/**
 * The value of scout `scout`'s rule on `signals` with `operator`: 'changed to' in another case and
 * with spaces around it (both ignored), the others as written; each matches some changes only
 * (of an attribute of two signals, values of one or the other by turns).
 */
export function ruleValue(scout: number, signals: Signal[], operator: Operator, attributeIndex: number): string {
  const signal = signals[(scout + OPERATORS.indexOf(operator)) % signals.length]!;
  const pool: readonly string[] =
    signal === 'location'
      ? LOCATIONS
      : signal === 'headline'
        ? operator === 'changed from' || operator === 'equals'
          ? TITLES
          : NEW_HEADLINES
        : signal === 'company'
          ? COMPANIES
          : TITLES;
  const at = (offset: number) => pool[(scout * 3 + attributeIndex * 5 + offset) % pool.length]!;
  switch (operator) {
    case 'changed':
      return '*';
    case 'changed to':
      return shout(at(0));
    case 'changed from':
      return at(1);
    case 'contains':
      return CONTAINS[signal][(scout + attributeIndex) % 5]!;
    case 'equals':
      return at(2);
  }
}
