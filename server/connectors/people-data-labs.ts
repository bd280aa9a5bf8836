// People Data Labs (https://docs.peopledatalabs.com): people found by a Person Search query (PDL
// SQL, or an Elasticsearch query as JSON), paged with scroll_token, or looked up one by one with
// Person Enrichment from LinkedIn URLs or e-mail addresses. The API key and base URL come from a
// "People Data Labs" platform connection the data source's owner may use. Each person is mapped
// onto the import format (pdl/mapping.ts); requests, retries and errors are in pdl/client.ts.
import { ANNOTATION_FIELDS_DEF, annotationFieldProblems } from '../connector-kit/annotation-field';
import { ConnectorError } from '../connector-kit/connector-error';
import { field, listOf, textOf, type FieldValues } from '../connector-kit/fields';
import { checkDestination, guardedFetch } from '../connector-kit/guarded-fetch';
import { DEFAULT_BASE_URL, pdlRequest, type PdlConnection } from './pdl/client';
import { pdlPersonItem } from './pdl/mapping';
import { COMMON_SCHEDULES, type ConnectorDeclaration, type FetchContext, type SourceItem } from './types';

export const PDL_CATEGORY = 'people_data_labs';
export const MAX_PROFILES = 10_000;
export const DEFAULT_MAX_PROFILES = 100;
/** PDL's largest Person Search page */
export const PAGE_SIZE = 100;

const MODES = ['search', 'enrich'] as const;
type Mode = (typeof MODES)[number];

interface Settings {
  mode: Mode;
  query: string;
  profiles: string[];
  max: number;
  connection: string;
}

function settingsOf(data: FieldValues): Settings {
  const max = textOf(data, 'max_profiles');
  return {
    mode: (textOf(data, 'mode').toLowerCase() || 'search') as Mode,
    query: textOf(data, 'query'),
    // one a line, or separated by commas (as the list is stored, and as a text value is split)
    profiles: [
      ...new Set(
        listOf(data, 'profiles')
          .flatMap((item) => item.split(','))
          .map((item) => item.trim())
          .filter(Boolean),
      ),
    ],
    max: max ? Number(max) : DEFAULT_MAX_PROFILES,
    connection: textOf(data, 'connection'),
  };
}

const EMAIL = /^[^@\s/]+@[^@\s/]+\.[^@\s/]+$/;
/** a profile URL PDL can match on (LinkedIn, or another network's), with or without its scheme */
const PROFILE_URL = /^(https?:\/\/)?([a-z0-9-]+\.)+[a-z]{2,}\/\S+$/i;

/** The search as PDL takes it: {sql} or, for a JSON text, {query} (an Elasticsearch query); or why it cannot be. */
export function searchOf(text: string): { sql: string } | { query: Record<string, unknown> } | { problem: string } {
  if (text.startsWith('{')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      return { problem: `The Elasticsearch query is not valid JSON (${(error as Error).message}).` };
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed) || Object.keys(parsed).length === 0)
      return {
        problem:
          'The Elasticsearch query must be a JSON object, such as {"bool": {"must": [{"term": {"job_title_role": "engineering"}}]}}.',
      };
    const inner = (parsed as { query?: unknown }).query;
    const query = Object.keys(parsed).length === 1 && typeof inner === 'object' && inner !== null && !Array.isArray(inner) ? inner : parsed;
    return { query: query as Record<string, unknown> };
  }
  if (!/^select\s[\s\S]*\bfrom\s+person\b/i.test(text))
    return { problem: 'Enter a PDL SQL query of the form SELECT * FROM person WHERE …, or an Elasticsearch query as a JSON object.' };
  return { sql: text };
}

const PDL_DESTINATION = { subject: 'The People Data Labs API address', type: 'AddressRefused' };

/** The opened parameters of the data source's connection, checked (its address too). */
async function pdlConnection(id: string, context: FetchContext): Promise<PdlConnection> {
  const parameters = await context.connection(id, PDL_CATEGORY);
  const apiKey = textOf(parameters, 'api_key');
  const baseUrl = textOf(parameters, 'base_url') || DEFAULT_BASE_URL;
  if (!apiKey) throw new ConnectorError(`Platform connection ${id} has no API key.`, { type: 'PlatformConnectionInvalid' });
  if (!/^https?:\/\/[^/]/i.test(baseUrl) || !URL.canParse(baseUrl))
    throw new ConnectorError(`Platform connection ${id}: the API base URL is not an http(s) URL.`, { type: 'PlatformConnectionInvalid' });
  const allowPrivate = context.allowPrivateNetworks === true;
  await checkDestination(baseUrl, allowPrivate, PDL_DESTINATION);
  return { apiKey, baseUrl, fetch: guardedFetch(allowPrivate, PDL_DESTINATION) };
}

async function* search(settings: Settings, pdl: PdlConnection, context: FetchContext): AsyncGenerator<SourceItem> {
  const what = searchOf(settings.query);
  if ('problem' in what) throw new ConnectorError(`additional_data.query: ${what.problem}`, { type: 'PdlRequestError' });
  let given = 0; // people of the search so far, those an earlier attempt committed included
  let scrollToken: string | undefined;
  let announced = false;
  while (given < settings.max) {
    const size = Math.min(PAGE_SIZE, settings.max - given);
    const { status, body } = await pdlRequest(pdl, {
      method: 'POST',
      path: '/person/search',
      body: { ...what, size, titlecase: true, ...(scrollToken ? { scroll_token: scrollToken } : {}) },
      signal: context.signal,
      log: context.log,
    });
    if (status === 404) break; // "no records were found matching your request"
    const total = typeof body.total === 'number' && body.total >= 0 ? body.total : undefined;
    if (!announced && total !== undefined) {
      context.announceTotal(Math.min(total, settings.max));
      announced = true;
    }
    if (!Array.isArray(body.data))
      throw new ConnectorError('People Data Labs answered a search without its "data" list.', { type: 'PdlAnswerError' });
    for (const person of body.data) {
      if (given >= settings.max) break;
      given++;
      if (given <= context.skip) continue; // committed by an earlier attempt of this execution
      yield pdlPersonItem(person);
    }
    const next = typeof body.scroll_token === 'string' && body.scroll_token ? body.scroll_token : undefined;
    if (!next || body.data.length === 0 || (total !== undefined && given >= total)) break;
    scrollToken = next;
  }
}

async function* enrich(settings: Settings, pdl: PdlConnection, context: FetchContext): AsyncGenerator<SourceItem> {
  const profiles = settings.profiles.slice(0, settings.max);
  context.announceTotal(profiles.length);
  for (const [index, profile] of profiles.entries()) {
    if (index < context.skip) continue; // committed by an earlier attempt of this execution
    const query: Record<string, string> = EMAIL.test(profile) ? { email: profile } : { profile };
    const { status, body } = await pdlRequest(pdl, {
      method: 'GET',
      path: '/person/enrich',
      query: { ...query, titlecase: 'true' },
      signal: context.signal,
      log: context.log,
    });
    if (status === 404) yield { error: `${profile}: People Data Labs found no person matching it.` };
    else if (typeof body.data !== 'object' || body.data === null)
      yield { error: `${profile}: People Data Labs answered without the person's data.` };
    else yield pdlPersonItem(body.data);
  }
}

export const peopleDataLabs: ConnectorDeclaration = {
  internal_name: 'people_data_labs',
  label: 'People Data Labs (Person Search or Enrichment API)',
  additional_data: {
    mode: field('Mode', {
      help: '"search" (default): the people a query finds; "enrich": the people listed under Profiles, one lookup each.',
    }),
    query: field('Search query', {
      help: "For search: a PDL SQL query such as SELECT * FROM person WHERE job_title='founder' AND location_country='germany', or an Elasticsearch query as JSON. Each person found costs a credit.",
    }),
    profiles: field('Profiles to enrich', {
      type: 'list',
      help: 'For enrich: LinkedIn profile URLs or e-mail addresses, one a line. Each match costs a credit.',
    }),
    max_profiles: field('Most people per retrieval', {
      help: `1 to ${MAX_PROFILES.toLocaleString('en')} (default ${DEFAULT_MAX_PROFILES}).`,
    }),
    connection: field('People Data Labs connection', {
      type: 'connection',
      category: PDL_CATEGORY,
      required: true,
      help: 'A "People Data Labs" platform connection holding the API key.',
    }),
    ...ANNOTATION_FIELDS_DEF,
  },
  schedule_options: COMMON_SCHEDULES,
  validate(data) {
    const problems: string[] = [];
    const settings = settingsOf(data);
    const modeText = textOf(data, 'mode');
    if (modeText && !(MODES as readonly string[]).includes(modeText.toLowerCase()))
      problems.push(`additional_data.mode: Enter "search" or "enrich".`);
    const maxText = textOf(data, 'max_profiles');
    const maxValid = !maxText || (/^\d+$/.test(maxText) && settings.max >= 1 && settings.max <= MAX_PROFILES);
    if (!maxValid) problems.push(`additional_data.max_profiles: Enter a whole number from 1 to ${MAX_PROFILES}.`);
    if (settings.mode === 'search') {
      if (!settings.query)
        problems.push(
          "additional_data.query: This field is required to search: a PDL SQL query such as SELECT * FROM person WHERE job_title='founder'.",
        );
      else {
        const what = searchOf(settings.query);
        if ('problem' in what) problems.push(`additional_data.query: ${what.problem}`);
      }
    }
    if (settings.mode === 'enrich') {
      if (!settings.profiles.length)
        problems.push('additional_data.profiles: This field is required to enrich: LinkedIn profile URLs or e-mail addresses, one a line.');
      const wrong = settings.profiles.filter((p) => !EMAIL.test(p) && !PROFILE_URL.test(p));
      if (wrong.length)
        problems.push(
          `additional_data.profiles: Neither a profile URL nor an e-mail address: ${wrong
            .slice(0, 5)
            .map((p) => `"${p.slice(0, 100)}"`)
            .join(', ')}${wrong.length > 5 ? ` and ${wrong.length - 5} more` : ''}.`,
        );
      if (maxValid && settings.profiles.length > settings.max)
        problems.push(
          `additional_data.profiles: ${settings.profiles.length} profiles listed, more than the ${settings.max} of max_profiles: raise max_profiles (at most ${MAX_PROFILES}) or list fewer.`,
        );
    }
    const connection = settings.connection;
    if (connection && !/^[1-9]\d{0,9}$/.test(connection))
      problems.push('additional_data.connection: Enter the id of a People Data Labs platform connection (a whole number).');
    return [...problems, ...annotationFieldProblems(data)];
  },
  async *fetch(context) {
    const settings = settingsOf(context.additionalData);
    const pdl = await pdlConnection(settings.connection, context);
    context.log.info({ mode: settings.mode, max: settings.max, skip: context.skip }, 'People Data Labs retrieval');
    yield* settings.mode === 'enrich' ? enrich(settings, pdl, context) : search(settings, pdl, context);
  },
};
