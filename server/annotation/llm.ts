// The LLM annotator: a language model behind any OpenAI-compatible endpoint (a platform
// connection of category openai_compatible) estimates what the offline heuristics do — age,
// gender, nationalities, a one-line summary, four ratings — through chat completions with a
// strict JSON-schema structured output. Each answer is checked and clamped; a person whose
// answer is unusable, or whose request still fails after retries, gets the offline annotation,
// and its provenance says so. The API key goes into the Authorization header and nowhere else:
// never into a log line, an error message or provenance.
import OpenAI, { APIConnectionError, APIError, APIUserAbortError } from 'openai';
import type { ImportProfile } from '../connector-kit/import-format';
import { offlineAnnotator } from './offline';
import type { AnnotatedPerson, Annotation, Annotator } from './types';
import { ANNOTATED_AGE, ISO_COUNTRY_CODES } from '../../types/wire/countries';

export interface LlmConnection {
  /** e.g. https://api.openai.com/v1 or http://127.0.0.1:11434/v1 */
  baseUrl: string;
  /** '' when the endpoint wants none */
  apiKey: string;
  model: string;
}

/** What the annotator logs to (a pino logger fits). */
export interface LlmLog {
  warn(details: object, message: string): void;
}

export interface LlmAnnotatorOptions {
  /** requests under way at once (default 4) */
  concurrency?: number;
  /** further attempts after a 429, a 408/409, a 5xx, a timeout or a lost connection (default 3) */
  retries?: number;
  /** the wait before attempt `attempt + 1` when the server does not say (default 1 s, 2 s, 4 s … at most 30 s, ±20 %) */
  backoffMs?: (attempt: number) => number;
  /** how to wait; rejects when `signal` aborts (tests pass one that records and resolves at once) */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** one request's time limit (default 60 s) */
  timeoutMs?: number;
  /** sampling temperature; unset: the server's default (some reasoning models accept no other) */
  temperature?: number;
  /** for the people whose answer fails (default: the offline heuristics) */
  fallback?: Annotator;
  log?: LlmLog;
  /** today, for ages (default: now) */
  now?: () => number;
  /** the fetch the client uses (default: Node's) */
  fetch?: typeof fetch;
}

const ISO_COUNTRIES = new Set(ISO_COUNTRY_CODES);
/** codes models write that ISO spells otherwise */
const COUNTRY_ALIASES: Record<string, string> = { UK: 'GB', EL: 'GR' };
const MAX_NATIONALITIES = 5;
const MAX_SUMMARY = 300;

const RATINGS = ['tech_rating', 'education_rating', 'professional_experience_rating', 'entrepreneurial_spirit_rating'] as const;
const rating = (description: string) => ({ type: ['number', 'null'], description: `${description}; 0 to 10 with one decimal` });

/**
 * The answer's shape. Strict structured outputs want every key listed and no
 * open-ended object, so nationalities are a list of {code, likelihood} (made
 * into code → likelihood afterwards); ranges are in the descriptions, not as
 * minimum/maximum, which not every compatible server accepts — the answer is
 * clamped anyway.
 */
export const ANNOTATION_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['age_value', 'gender_value', 'nationalities', 'summary', ...RATINGS],
  properties: {
    age_value: { type: ['integer', 'null'], description: 'age in whole years today; null when nothing hints at it' },
    gender_value: { type: ['string', 'null'], enum: ['male', 'female', null], description: 'null when unsure' },
    nationalities: {
      type: 'array',
      description: `at most ${MAX_NATIONALITIES} likely nationalities, most likely first; empty when unknown`,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['code', 'likelihood'],
        properties: {
          code: { type: 'string', description: 'ISO 3166-1 alpha-2 country code, e.g. DE' },
          likelihood: { type: 'number', description: '0 to 1; the likelihoods add up to 1' },
        },
      },
    },
    summary: { type: 'string', description: `one line in English, at most ${MAX_SUMMARY} characters: who this person is professionally` },
    tech_rating: rating('technical depth: engineering and science roles, technical skills, publications, projects'),
    education_rating: rating('strength of studies and further training; null without any education'),
    professional_experience_rating: rating('years of work and seniority; null without any job'),
    entrepreneurial_spirit_rating: rating('founding, building and fundraising'),
  },
} as const;

const instructions = (today: string) =>
  `You annotate profiles of professionals for a talent-scouting team. The user message is one person's profile as JSON. ` +
  `Estimate, from that profile alone: age_value (today is ${today}; a first degree usually starts at about 18, a first job at about 22), ` +
  `gender_value (from the first name; null when unsure), nationalities (from names, places, schools, languages), ` +
  `a one-line summary, and four ratings from 0 to 10 with one decimal (tech, education, professional experience, entrepreneurial spirit). ` +
  `Answer with the JSON object only.`;

const clip = (text: string | null | undefined, length = 160) => (text ? (text.length > length ? `${text.slice(0, length)}…` : text) : null);

/** What the model reads of a person: what the annotation needs, without e-mail, image or ids. */
export function promptProfile(person: ImportProfile): Record<string, unknown> {
  const period = (p: { start_date: string | null; end_date: string | null }) => `${p.start_date ?? '?'} – ${p.end_date ?? 'now'}`;
  return {
    name: `${person.first_name} ${person.last_name}`.trim(),
    location: person.location,
    headline: clip(person.headline),
    jobs: person.jobs.slice(0, 12).map((job) => ({
      title: clip(job.job_title),
      company: clip(job.company?.name),
      industry: job.company?.industry ?? null,
      period: period(job),
    })),
    educations: person.educations
      .slice(0, 8)
      .map((e) => ({ degree: clip(e.degree), field: clip(e.field_of_study), school: clip(e.school.name), period: period(e) })),
    skills: person.skills.slice(0, 40).map((s) => s.name),
    languages: person.languages.slice(0, 10).map((l) => (l.level ? `${l.name} (${l.level})` : l.name)),
    courses: person.courses.slice(0, 10).map((c) => clip(c.name)),
    licenses: person.licenses.slice(0, 10).map((l) => clip(l.name)),
    projects: person.projects.slice(0, 10).map((p) => clip(p.title)),
    publications: person.publications.length,
    interests: person.interests.slice(0, 20).map((i) => clip(i.name, 80)),
    recommendations: person.recommendations.slice(0, 3).map((r) => clip(r.text, 300)),
  };
}

class Unusable extends Error {}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

function ratingOf(value: unknown, key: string): number | null {
  if (value === null) return null;
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new Unusable(`${key} is not a number`);
  return round(Math.min(10, Math.max(0, value)), 1);
}

function nationalitiesOf(value: unknown): Record<string, number> {
  if (!Array.isArray(value)) throw new Unusable('nationalities is not a list');
  const scores = new Map<string, number>();
  for (const item of value) {
    if (!isObject(item) || typeof item.code !== 'string' || typeof item.likelihood !== 'number')
      throw new Unusable('a nationality is not {code, likelihood}');
    const written = item.code.trim().toUpperCase();
    const code = COUNTRY_ALIASES[written] ?? written;
    // an unknown code or a non-positive likelihood says nothing: left out
    if (!ISO_COUNTRIES.has(code) || !(item.likelihood > 0) || !Number.isFinite(item.likelihood)) continue;
    scores.set(code, (scores.get(code) ?? 0) + item.likelihood);
  }
  const kept = [...scores].sort((a, b) => b[1] - a[1]).slice(0, MAX_NATIONALITIES);
  const total = kept.reduce((sum, [, score]) => sum + score, 0);
  const shares: Record<string, number> = {};
  for (const [code, score] of kept) if (round(score / total, 2) > 0) shares[code] = round(score / total, 2);
  return shares;
}

/**
 * The annotation a model's answer (the message content) gives, checked and
 * clamped: ratings to [0, 10] with one decimal, nationalities as upper-case
 * ISO codes with likelihoods adding up to 1, the summary on one line, an
 * implausible age as unknown. Throws when the answer is not that object.
 */
export function annotationFromAnswer(content: string | null | undefined): Annotation {
  let answer: unknown;
  try {
    answer = JSON.parse(content ?? '');
  } catch {
    throw new Unusable('the answer is not JSON');
  }
  if (!isObject(answer)) throw new Unusable('the answer is not an object');
  for (const key of Object.keys(ANNOTATION_SCHEMA.properties)) if (!(key in answer)) throw new Unusable(`${key} is missing`);
  const { age_value: age, gender_value: gender, summary } = answer;
  if (age !== null && (typeof age !== 'number' || !Number.isFinite(age))) throw new Unusable('age_value is not a number');
  if (gender !== null && typeof gender !== 'string') throw new Unusable('gender_value is not text');
  if (summary !== null && typeof summary !== 'string') throw new Unusable('summary is not text');
  const years = age === null ? null : Math.round(age);
  const sex = gender?.trim().toLowerCase();
  const line = summary?.replace(/\s+/g, ' ').trim() ?? '';
  return {
    age_value: years !== null && years >= ANNOTATED_AGE.minimum && years <= ANNOTATED_AGE.maximum ? years : null,
    gender_value: sex === 'male' || sex === 'female' ? sex : null,
    nationalities: nationalitiesOf(answer.nationalities),
    summary: line ? (line.length > MAX_SUMMARY ? `${line.slice(0, MAX_SUMMARY - 1)}…` : line) : null,
    tech_rating: ratingOf(answer.tech_rating, 'tech_rating'),
    education_rating: ratingOf(answer.education_rating, 'education_rating'),
    professional_experience_rating: ratingOf(answer.professional_experience_rating, 'professional_experience_rating'),
    entrepreneurial_spirit_rating: ratingOf(answer.entrepreneurial_spirit_rating, 'entrepreneurial_spirit_rating'),
  };
}

const defaultBackoff = (attempt: number) => Math.min(30_000, 1_000 * 2 ** (attempt - 1)) * (0.8 + Math.random() * 0.4);

function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const done = () => {
      signal?.removeEventListener('abort', stop);
      resolve();
    };
    const timer = setTimeout(done, ms);
    const stop = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', stop, { once: true });
  });
}

/** A retryable failure: rate limited, overloaded or broken for now, too slow, or the connection lost. */
function retryable(error: unknown): boolean {
  if (error instanceof APIConnectionError) return true; // timeouts included
  if (!(error instanceof APIError) || error.status === undefined) return false;
  return error.status === 408 || error.status === 409 || error.status === 429 || error.status >= 500;
}

/** The wait the server asks for (retry-after-ms, retry-after in seconds or as a date), at most a minute. */
function retryAfterMs(error: unknown): number | undefined {
  const headers = error instanceof APIError ? error.headers : undefined;
  if (!headers) return undefined;
  const ms = Number(headers.get('retry-after-ms') ?? NaN);
  if (Number.isFinite(ms) && ms >= 0) return Math.min(60_000, ms);
  const after = headers.get('retry-after');
  if (!after) return undefined;
  const seconds = Number(after);
  const wait = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(after) - Date.now();
  return Number.isFinite(wait) ? Math.min(60_000, Math.max(0, wait)) : undefined;
}

/**
 * An annotator asking `connection.model`. One request per person: the strict
 * schema then describes exactly one annotation, an unusable answer costs that
 * person alone (not the people sharing its request), answers cannot be
 * attributed to the wrong person, and a request stays small enough for small
 * local models' context; the throughput comes from `concurrency` requests at
 * once instead, and the unchanging instructions come first so that servers
 * caching prompt prefixes reuse them.
 */
export function llmAnnotator(connection: LlmConnection, options: LlmAnnotatorOptions = {}): Annotator {
  const url = new URL(connection.baseUrl); // throws on a malformed base URL: the caller says which connection
  const name = `llm:${url.host}`;
  const model = connection.model;
  const concurrency = Math.max(1, options.concurrency ?? 4);
  const fallback = options.fallback ?? offlineAnnotator;
  const now = options.now ?? Date.now;
  const asker = new PersonAsker(openAiClient(connection, options), name, model, connection.apiKey, options);
  return {
    name,
    model,
    async annotate(people, signal) {
      const today = new Date(now()).toISOString().slice(0, 10);
      const answers = await inParallel(people, concurrency, (person) => asker.ask(person, today, signal), signal);
      const results: (AnnotatedPerson | null)[] = answers.map((annotation) => annotation && { annotation, annotator: name, model });
      await fillFromFallback(results, people, fallback, signal);
      return results as AnnotatedPerson[];
    },
  };
}

/** The OpenAI client for `connection`: our own retries, time limit and fetch; never the server's own OPENAI_API_KEY. */
function openAiClient(connection: LlmConnection, options: LlmAnnotatorOptions): OpenAI {
  return new OpenAI({
    baseURL: connection.baseUrl,
    // always given: otherwise the client would send the server's own OPENAI_API_KEY to this endpoint
    apiKey: connection.apiKey || 'no-key',
    adminAPIKey: null,
    organization: null,
    project: null,
    webhookSecret: null,
    maxRetries: 0, // retried here, with our backoff, abort and fallback
    timeout: options.timeoutMs ?? 60_000,
    logLevel: 'off',
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
}

/**
 * Asks the model about one person at a time: retries what may pass later (with the server's
 * wait or our backoff), gives up on a person (null: the fallback annotates them) when the answer
 * is unusable or the retries are spent, and on everyone after a 401, 403 or 404.
 */
class PersonAsker {
  /** set after a 401, 403 or 404: the key, the permission or the model is wrong, and asking again would not help */
  private refused: string | null = null;
  private readonly retries: number;
  private readonly backoff: (attempt: number) => number;
  private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;

  constructor(
    private readonly client: OpenAI,
    private readonly name: string,
    private readonly model: string,
    private readonly secret: string,
    private readonly options: LlmAnnotatorOptions,
  ) {
    this.retries = Math.max(0, options.retries ?? 3);
    this.backoff = options.backoffMs ?? defaultBackoff;
    this.sleep = options.sleep ?? defaultSleep;
  }

  async ask(person: ImportProfile, today: string, signal?: AbortSignal): Promise<Annotation | null> {
    for (let attempt = 1; ; attempt++) {
      if (this.refused) return null;
      try {
        return await this.request(person, today, signal);
      } catch (error) {
        if (signal?.aborted) signal.throwIfAborted();
        if (error instanceof APIUserAbortError) throw error;
        if (error instanceof Unusable) {
          this.warn(
            { person: person.external_id, model: this.model, problem: error.message },
            'unusable LLM answer: offline annotation instead',
          );
          return null;
        }
        if (!retryable(error) || attempt > this.retries) {
          this.giveUp(person, error, attempt);
          return null;
        }
        await this.sleep(retryAfterMs(error) ?? this.backoff(attempt), signal);
      }
    }
  }

  /** One chat completion with the strict schema; its annotation, checked and clamped, or Unusable. */
  private async request(person: ImportProfile, today: string, signal?: AbortSignal): Promise<Annotation> {
    const completion = await this.client.chat.completions.create(
      {
        model: this.model,
        messages: [
          { role: 'system', content: instructions(today) },
          { role: 'user', content: JSON.stringify(promptProfile(person)) },
        ],
        response_format: {
          type: 'json_schema',
          json_schema: { name: 'person_annotation', strict: true, schema: ANNOTATION_SCHEMA as unknown as Record<string, unknown> },
        },
        ...(this.options.temperature !== undefined ? { temperature: this.options.temperature } : {}),
      },
      { signal },
    );
    const choice = completion.choices?.[0];
    if (!choice) throw new Unusable('no choice in the answer');
    if (choice.message?.refusal) throw new Unusable('the model refused');
    if (choice.finish_reason === 'length') throw new Unusable('the answer was cut off');
    return annotationFromAnswer(choice.message?.content);
  }

  /** A request that will not pass: said once for a refusing endpoint (and the rest of the run skips it), else per person. */
  private giveUp(person: ImportProfile, error: unknown, attempts: number): void {
    const status = error instanceof APIError ? error.status : undefined;
    const reason = this.redacted(error instanceof Error ? error.message : String(error));
    if (status === 401 || status === 403 || status === 404) {
      if (!this.refused)
        this.warn(
          { annotator: this.name, model: this.model, status, reason },
          'the LLM endpoint refuses (key, permission or model): offline annotation for the rest of this run',
        );
      this.refused ??= reason;
    } else
      this.warn(
        { person: person.external_id, model: this.model, status, reason, attempts },
        'LLM request failed: offline annotation instead',
      );
  }

  /** an error's message without the key, should a server echo it back */
  private redacted(text: string): string {
    return this.secret ? text.split(this.secret).join('***') : text;
  }

  private warn(details: object, message: string): void {
    this.options.log?.warn(details, message);
  }
}

/** `ask` for each item, `concurrency` at a time, the answers in the items' order. */
async function inParallel<T, R>(items: T[], concurrency: number, ask: (item: T) => Promise<R>, signal?: AbortSignal): Promise<R[]> {
  const answers: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      signal?.throwIfAborted();
      const i = next++;
      answers[i] = await ask(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return answers;
}

/** The people the model did not annotate, annotated by the fallback in one batch (in their order). */
async function fillFromFallback(
  results: (AnnotatedPerson | null)[],
  people: ImportProfile[],
  fallback: Annotator,
  signal?: AbortSignal,
): Promise<void> {
  const failed = results.flatMap((result, i) => (result ? [] : [i]));
  if (!failed.length) return;
  const offline = await fallback.annotate(
    failed.map((i) => people[i]),
    signal,
  );
  failed.forEach((i, k) => {
    results[i] = offline[k];
  });
}
