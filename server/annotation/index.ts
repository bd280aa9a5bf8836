// Which annotator a data source's retrieval uses: the LLM behind the platform connection its
// additional_data names in annotation_connection (opened for the source's owner), else the
// offline heuristics.
import { ConnectorError } from '../connector-kit/connector-error';
import { textOf, type FieldValues } from '../connector-kit/fields';
import { checkDestination, guardedFetch } from '../connector-kit/guarded-fetch';
import { ANNOTATION_CONNECTION } from '../connector-kit/annotation-field';
import type { LlmAnnotatorOptions, LlmLog } from './llm';
import { offlineAnnotator } from './offline';
import type { Annotator } from './types';

export type { AnnotatedPerson, Annotation, Annotator } from './types';

export const LLM_CONNECTION_CATEGORY = 'openai_compatible';
const LLM_DESTINATION = { subject: "The LLM endpoint's address", type: 'AddressRefused' };

export interface AnnotatorContext {
  /** the opened parameters of a platform connection the data source's owner may use */
  connection(id: string, category: string): Promise<FieldValues>;
  log?: LlmLog;
  /** the endpoint may be a loopback, link-local or private address (config ALLOW_PRIVATE_FEEDS) */
  allowPrivateNetworks?: boolean;
  /** for tests: waits, concurrency, time limits */
  options?: LlmAnnotatorOptions;
}

/**
 * The annotator for a retrieval of `source`. A named connection that is
 * missing, not shared with the owner, of another category or incomplete
 * fails the retrieval (ConnectorError), rather than quietly annotating
 * otherwise than the owner asked.
 */
export async function annotatorFor(source: { additional_data: unknown }, context: AnnotatorContext): Promise<Annotator> {
  const id = textOf((source.additional_data ?? {}) as FieldValues, ANNOTATION_CONNECTION);
  if (!id) return offlineAnnotator;
  const parameters = await context.connection(id, LLM_CONNECTION_CATEGORY);
  const baseUrl = textOf(parameters, 'base_url');
  const model = textOf(parameters, 'model');
  if (!/^https?:\/\/[^/]/i.test(baseUrl) || !URL.canParse(baseUrl))
    throw new ConnectorError(`Platform connection ${id}: the API base URL is not an http(s) URL.`, { type: 'PlatformConnectionInvalid' });
  if (!model) throw new ConnectorError(`Platform connection ${id}: the model is missing.`, { type: 'PlatformConnectionInvalid' });
  const allowPrivate = context.allowPrivateNetworks === true;
  await checkDestination(baseUrl, allowPrivate, LLM_DESTINATION);
  const { llmAnnotator } = await import('./llm'); // the openai client, loaded when a source asks for it
  return llmAnnotator(
    { baseUrl, apiKey: textOf(parameters, 'api_key'), model },
    { fetch: guardedFetch(allowPrivate, LLM_DESTINATION), ...context.options, log: context.log ?? context.options?.log },
  );
}
