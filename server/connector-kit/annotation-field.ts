// The additional_data field every data-source type offers to choose its annotator: empty, the
// built-in offline heuristics; the id of an "LLM (OpenAI-compatible API)" platform connection,
// that model (server/annotation/llm.ts). Connectors spread it into their fields; the annotation
// reads its value (server/annotation/index.ts): here, so that neither imports the other.
import type { FieldDefinition } from '../../types/api';
import { field, textOf, type FieldValues } from './fields';

export const ANNOTATION_CONNECTION = 'annotation_connection';

/** Spread into a connector's additional_data: `additional_data: { …, ...ANNOTATION_FIELDS_DEF }`. */
export const ANNOTATION_FIELDS_DEF: Record<string, FieldDefinition> = {
  [ANNOTATION_CONNECTION]: field('LLM annotation (platform connection)', {
    type: 'connection',
    category: 'openai_compatible',
    help: 'An "LLM (OpenAI-compatible API)" platform connection: its model estimates age, gender, nationalities, summary and ratings, person by person falling back to the offline heuristics. Empty: offline heuristics only.',
  }),
};

/** Problems with the field's value, for a connector's validate(): `[...theirs, ...annotationFieldProblems(data)]`. */
export function annotationFieldProblems(data: FieldValues): string[] {
  const value = textOf(data, ANNOTATION_CONNECTION);
  return value && !/^[1-9]\d{0,8}$/.test(value)
    ? [`additional_data.${ANNOTATION_CONNECTION}: Enter the id of a platform connection (a whole number).`]
    : [];
}
