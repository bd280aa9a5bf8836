// A person's job change, as the rules read it (docs/RULES.md): from a 'jobs' change-log row (the
// whole list before and after) to the 'company' and 'job title' signals. Pure functions.
//
// - The current job is the primary open one: among the jobs without an end date, the one that
//   started last (ties broken by company, then title — never by the order of the list, which a
//   source may shuffle).
// - A role that was not in the old list and whose start lies before the person's previous
//   retrieval is "late-added" (a source filling in an old position): it is left out of the new
//   list, so it never makes a company or title change by itself.
// - company: the primary job's company differs (by our company id when both sides have one,
//   else by trimmed, lower-cased name); none on either side counts (a first job, leaving a job).
// - job title: the primary job's title differs (trimmed, case ignored), at the same company or not.
// - The same jobs in another order change nothing; a title edited at the same company is a job
//   title change only.

/** A job as the ingestion stores it in `profile_detail.jobs` (server/ingestion/diff.ts storedLists). */
export interface StoredJob {
  job_title?: string | null;
  start_date?: string | null;
  end_date?: string | null;
  company?: { id?: number | null; name?: string | null } | null;
}

/** One signal's change: what the operators compare (a company name, a title, a location) and how it is shown. */
export interface SignalChange {
  old: string | null;
  new: string | null;
  /** as a sentence shows them ('CTO at Acme'); null: none */
  shownOld: string | null;
  shownNew: string | null;
}

export interface JobSignals {
  company?: SignalChange;
  job_title?: SignalChange;
}

const text = (value: unknown): string | null => {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
};
const folded = (value: string | null) => value?.toLowerCase() ?? null;

/** The jobs of a change-log value: a list of objects, anything else is no jobs. */
export function jobsOf(value: unknown): StoredJob[] {
  if (!Array.isArray(value)) return [];
  return value.filter((job): job is StoredJob => !!job && typeof job === 'object' && !Array.isArray(job));
}

const DATE_PREFIX = /^\d{4}(-\d{2}(-\d{2})?)?/;

/**
 * A job's date as far as it is known: '2024', '2024-05' or '2024-05-01' (a longer ISO time is cut
 * to its day; another format is read by Date.parse); null when absent or unreadable.
 */
export function dateOf(value: unknown): string | null {
  const written = text(value);
  if (!written) return null;
  const prefix = DATE_PREFIX.exec(written);
  if (prefix) return prefix[0];
  const parsed = Date.parse(written);
  return Number.isNaN(parsed) ? null : new Date(parsed).toISOString().slice(0, 10);
}

/** A date's place in time for ordering start dates: a year is its 1 January, a month its first day; none is earliest. */
function sortKey(date: string | null): string {
  if (!date) return '';
  return date.length === 4 ? `${date}-01-01` : date.length === 7 ? `${date}-01` : date;
}

/**
 * Whether a date lies wholly before `at`: '2024-05' is before 3 June 2024 but not before 20 May
 * 2024 (the role may have started on the 25th). Compared at the date's own precision, in UTC.
 */
export function startedBefore(start: unknown, at: Date): boolean {
  const date = dateOf(start);
  if (!date) return false;
  return date < at.toISOString().slice(0, date.length);
}

const companyName = (job: StoredJob) => text(job.company?.name);
const companyId = (job: StoredJob) => {
  const id = job.company?.id;
  return typeof id === 'number' && Number.isFinite(id) ? id : null;
};

/** Compared: ties between open jobs that started the same day go to the company, then the title (alphabetically). */
function tieKey(job: StoredJob): string {
  return `${folded(companyName(job)) ?? ''}\u0000${folded(text(job.job_title)) ?? ''}`;
}

/** The primary current job: among the open jobs (no end date), the one that started last; null when none is open. */
export function primaryJob(jobs: StoredJob[]): StoredJob | null {
  let primary: StoredJob | null = null;
  for (const job of jobs) {
    if (text(job.end_date)) continue;
    if (!primary) {
      primary = job;
      continue;
    }
    const [a, b] = [sortKey(dateOf(job.start_date)), sortKey(dateOf(primary.start_date))];
    if (a > b || (a === b && tieKey(job) < tieKey(primary))) primary = job;
  }
  return primary;
}

/** Whether two sides name the same company: by our id when both have one, else by trimmed, lower-cased name. */
export function sameCompany(a: StoredJob | null, b: StoredJob | null): boolean {
  const [idA, idB] = [a && companyId(a), b && companyId(b)];
  if (idA !== null && idB !== null) return idA === idB;
  return folded(a && companyName(a)) === folded(b && companyName(b));
}

/**
 * Whether `job` is one of `jobs` as they stood: the same start and the same company (a title may
 * have been edited, an end date set) or the same start and the same title (a company renamed).
 */
function listed(job: StoredJob, jobs: StoredJob[]): boolean {
  const start = dateOf(job.start_date);
  return jobs.some(
    (other) =>
      dateOf(other.start_date) === start &&
      ((companyName(job) !== null && sameCompany(job, other)) || folded(text(job.job_title)) === folded(text(other.job_title))),
  );
}

/** The new list without its late-added roles: not in the old list, started before the previous retrieval. */
export function withoutLateRoles(oldJobs: StoredJob[], newJobs: StoredJob[], previousRetrieval: Date | null): StoredJob[] {
  if (!previousRetrieval) return newJobs;
  return newJobs.filter((job) => listed(job, oldJobs) || !startedBefore(job.start_date, previousRetrieval));
}

/** A job as a sentence shows it: 'CTO at Acme', 'CTO', 'Acme'; null for none. */
export function jobShown(job: StoredJob | null): string | null {
  if (!job) return null;
  const [title, company] = [text(job.job_title), companyName(job)];
  if (title && company) return `${title} at ${company}`;
  return title ?? company ?? 'a job';
}

/**
 * The job signals of a 'jobs' change (old list, new list), given when the person was retrieved
 * before (null: unknown, no role counts as late-added).
 */
export function jobSignals(oldValue: unknown, newValue: unknown, previousRetrieval: Date | null): JobSignals {
  const oldJobs = jobsOf(oldValue);
  const before = primaryJob(oldJobs);
  const after = primaryJob(withoutLateRoles(oldJobs, jobsOf(newValue), previousRetrieval));
  const shown = { shownOld: jobShown(before), shownNew: jobShown(after) };
  const signals: JobSignals = {};
  if (!sameCompany(before, after)) signals.company = { old: before && companyName(before), new: after && companyName(after), ...shown };
  const [oldTitle, newTitle] = [before && text(before.job_title), after && text(after.job_title)];
  if (folded(oldTitle) !== folded(newTitle)) signals.job_title = { old: oldTitle, new: newTitle, ...shown };
  return signals;
}
