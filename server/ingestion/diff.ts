// What a person from a source changes in what we hold: the fields of the profile row, its
// nested lists, its AI annotation (never a value a staff member corrected) and its link to the
// data source. Pure functions: the ingestion reads the rows, these decide, the ingestion writes.
import type { ImportProfile, ListField } from '../connector-kit/import-format';
import { currentJob, LIST_FIELDS, TEXT_FIELDS } from '../connector-kit/import-format';
import type { Selectable } from 'kysely';
import type { AnnotationProvenance, ProfileTable } from '../db/schema';
import { ANNOTATION_FIELDS, type Annotation, type AnnotationField } from '../annotation/types';

/** The profile columns an ingestion writes, as stored: the record's text fields, the current company, the annotation. */
export type ProfileValues = Pick<Selectable<ProfileTable>, (typeof TEXT_FIELDS)[number] | 'current_company' | AnnotationField>;

export type StoredLists = Record<ListField, unknown[]>;

/** A profile as stored, as far as an ingestion compares it. */
export interface StoredProfile extends ProfileValues {
  id: number;
  external_id: string;
  data_source_ids: number[];
  annotation_provenance: Record<string, AnnotationProvenance>;
  lists: StoredLists | null;
  /** the stored row's and its detail's versions (xmin): whether it moved since it was read */
  version: string;
}

export interface FieldChange {
  field: string;
  old_value: unknown;
  new_value: unknown;
}

export interface PersonPlan {
  values: ProfileValues;
  lists: StoredLists;
  provenance: Record<string, AnnotationProvenance>;
  /** null: a new profile */
  changes: FieldChange[] | null;
  listsChanged: boolean;
  linkAdded: boolean;
}

/** Jobs as stored: the company by its id among ours (companies are upserted first). */
export function storedLists(person: ImportProfile, companyIds: Map<string, number>): StoredLists {
  const lists = Object.fromEntries(LIST_FIELDS.map((field) => [field, person[field]])) as unknown as StoredLists;
  lists.jobs = person.jobs.map((job) => ({
    job_title: job.job_title,
    start_date: job.start_date,
    end_date: job.end_date,
    company: job.company
      ? { id: (job.company.external_id && companyIds.get(job.company.external_id)) || null, name: job.company.name }
      : null,
  }));
  return lists;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Compares by value, keys in any order (jsonb does not keep the order of an object's keys). */
function sameJson(a: unknown, b: unknown): boolean {
  const canonical = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(canonical)
      : value && typeof value === 'object'
        ? Object.fromEntries(
            Object.keys(value)
              .sort()
              .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
          )
        : (value ?? null);
  return same(canonical(a), canonical(b));
}

/**
 * An annotation made less than this long ago, by the same annotator and model, is kept for a
 * person whose record did not change: a language model is not asked about the same person again
 * on every run (and an age, which moves with time, is still brought up to date monthly).
 */
export const ANNOTATION_KEPT_DAYS = 30;

/**
 * The stored annotation of `person` when it still holds (see ANNOTATION_KEPT_DAYS): the record
 * as the source gives it is the one stored, and every value was made by `annotator` lately or
 * corrected by staff. Null: annotate again.
 */
export function annotationStillHolds(
  person: ImportProfile,
  lists: StoredLists,
  stored: StoredProfile | undefined,
  annotator: { name: string; model: string | null },
  now = Date.now(),
): Annotation | null {
  if (!stored?.lists) return null;
  for (const field of ANNOTATION_FIELDS) {
    const made = stored.annotation_provenance[field];
    if (!made) return null;
    if (made.corrected_by) continue;
    if (
      made.annotator !== annotator.name ||
      made.model !== annotator.model ||
      !(Date.parse(made.at) > now - ANNOTATION_KEPT_DAYS * 86_400_000)
    )
      return null;
  }
  if (TEXT_FIELDS.some((field) => (stored[field] ?? null) !== (person[field] ?? null))) return null;
  if ((stored.current_company ?? null) !== (currentJob(person)?.company?.name ?? null)) return null;
  if (LIST_FIELDS.some((field) => !sameJson(stored.lists![field], lists[field]))) return null;
  return Object.fromEntries(ANNOTATION_FIELDS.map((field) => [field, stored[field]])) as unknown as Annotation;
}

/**
 * What to write for `person` (annotated as `annotation` by `annotator`) given
 * what is stored (`stored`, undefined when new), for data source `dataSourceId`.
 */
export function planPerson(
  person: ImportProfile,
  annotation: Annotation,
  annotator: { name: string; model: string | null },
  lists: StoredLists,
  stored: StoredProfile | undefined,
  dataSourceId: number,
  at: string,
): PersonPlan {
  const values: ProfileValues = {
    first_name: person.first_name,
    last_name: person.last_name,
    email: person.email,
    location: person.location,
    headline: person.headline,
    image_url: person.image_url,
    current_company: currentJob(person)?.company?.name ?? null,
    ...annotation,
  };
  const provenance: Record<string, AnnotationProvenance> = { ...(stored?.annotation_provenance ?? {}) };
  const source = { annotator: annotator.name, model: annotator.model, at };
  for (const field of ANNOTATION_FIELDS as readonly AnnotationField[]) {
    const kept = stored && provenance[field]?.corrected_by;
    if (kept) (values as unknown as Record<string, unknown>)[field] = stored[field];
    else if (!stored || !sameJson(stored[field], values[field])) provenance[field] = source;
  }
  if (!stored) return { values, lists, provenance, changes: null, listsChanged: true, linkAdded: true };
  const changes: FieldChange[] = [];
  for (const field of [...TEXT_FIELDS, 'current_company', ...ANNOTATION_FIELDS] as (keyof ProfileValues)[]) {
    if (!sameJson(stored[field], values[field])) changes.push({ field, old_value: stored[field], new_value: values[field] });
  }
  let listsChanged = !stored.lists;
  for (const field of LIST_FIELDS) {
    if (stored.lists && !sameJson(stored.lists[field], lists[field])) {
      changes.push({ field, old_value: stored.lists[field], new_value: lists[field] });
      listsChanged = true;
    }
  }
  const linkAdded = !stored.data_source_ids.includes(dataSourceId);
  if (linkAdded)
    changes.push({ field: 'data_sources', old_value: stored.data_source_ids, new_value: [...stored.data_source_ids, dataSourceId] });
  return { values, lists, provenance, changes, listsChanged, linkAdded };
}
