// What an annotator adds to a person (SPEC §1: age, gender, nationalities, summary, four
// ratings), and the interface every annotator has: the built-in offline heuristics, or a
// language model behind an OpenAI-compatible endpoint.
import type { ImportProfile } from '../connector-kit/import-format';

export const ANNOTATION_FIELDS = [
  'age_value',
  'gender_value',
  'nationalities',
  'summary',
  'tech_rating',
  'education_rating',
  'professional_experience_rating',
  'entrepreneurial_spirit_rating',
] as const;
export type AnnotationField = (typeof ANNOTATION_FIELDS)[number];

export interface Annotation {
  age_value: number | null;
  gender_value: 'male' | 'female' | null;
  /** country code → likelihood 0–1 */
  nationalities: Record<string, number>;
  summary: string | null;
  tech_rating: number | null;
  education_rating: number | null;
  professional_experience_rating: number | null;
  entrepreneurial_spirit_rating: number | null;
}

/** One person's annotation and who made it (provenance): an annotator may fall back to another for some people. */
export interface AnnotatedPerson {
  annotation: Annotation;
  annotator: string;
  model: string | null;
}

export interface Annotator {
  /** who annotates (its own answers' provenance) */
  name: string;
  model: string | null;
  /** annotations of a batch of people, in their order, each with its provenance */
  annotate(people: ImportProfile[], signal?: AbortSignal): Promise<AnnotatedPerson[]>;
}
