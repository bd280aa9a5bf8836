// Ingestion of one batch of a source's records, in one transaction: companies upserted by
// external_id, profiles upserted by external_id with their nested lists replaced whole, the
// link to the data source kept, a change-log row per real change, and the caller's progress
// (execution counts and checkpoint) in the same transaction — a batch is all there or not at
// all, and the same input twice changes nothing.
//
// A batch is prepared (annotated, compared with what is stored, its rows serialized) outside
// any transaction, so that a retrieval prepares the next batch while this one is written, and
// the database is not kept waiting on JavaScript. The transaction then locks the stored rows and
// writes the plan as made when none of them moved meanwhile; otherwise it plans again on the
// locked rows.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { SourceItem } from '../connectors/types';
import type { ImportCompany, ImportProfile } from '../connector-kit/import-format';
import { ANNOTATION_FIELDS, type AnnotatedPerson, type Annotator } from '../annotation/types';
import type { AnnotationProvenance } from '../db/schema';
import { annotationStillHolds, planPerson, storedLists, type PersonPlan, type StoredProfile } from './diff';
import {
  companyRows,
  insertChanges,
  insertProfiles,
  lockVersions,
  readCompanies,
  readStored,
  updateProfiles,
  upsertCompanies,
  upsertDetails,
  type ChangedProfileRow,
  type ChangeRow,
  type DetailRow,
  type NewProfileRow,
  type RowsJson,
} from './statements';
import { mapInSlices, stringifyInSlices } from '../util/slices';

export interface BatchCounts {
  created: number;
  updated: number;
  unchanged: number;
  failed: number;
  /** reasons of the failed records */
  errors: string[];
}

export interface BatchInput {
  dataSourceId: number;
  executionId: number | null;
  items: SourceItem[];
  annotator: Annotator;
  signal?: AbortSignal;
}

/** What a batch will write, decided against what was stored when it was read. */
interface BatchPlan {
  created: number;
  /** the provenance of new people whose row has none */
  batchProvenance: string;
  updated: number;
  newProfiles: RowsJson<NewProfileRow> | null;
  changedProfiles: RowsJson<ChangedProfileRow> | null;
  details: RowsJson<DetailRow> | null;
  changes: RowsJson<ChangeRow> | null;
}

export interface PreparedBatch {
  input: BatchInput;
  /** the failed records and duplicates within the batch */
  counts: BatchCounts;
  persons: ImportProfile[];
  annotations: AnnotatedPerson[];
  at: string;
  /** the companies to insert or update (the others are as stored) */
  companies: ImportCompany[];
  companyIds: Map<string, number>;
  stored: Map<string, StoredProfile>;
  plan: BatchPlan;
}

type Commit = (trx: Transaction<Database>, counts: BatchCounts) => Promise<void>;

/** Ingests a batch; `commit` runs last inside its transaction (progress, checkpoint). */
export async function ingestBatch(db: Kysely<Database>, input: BatchInput, commit?: Commit): Promise<BatchCounts> {
  return writeBatch(db, await prepareBatch(db, input), commit);
}

/** Annotates a batch (the people whose record changed) and plans its writes against what is stored now (nothing locked, nothing written). */
export async function prepareBatch(db: Kysely<Database>, input: BatchInput): Promise<PreparedBatch> {
  const counts: BatchCounts = { created: 0, updated: 0, unchanged: 0, failed: 0, errors: [] };
  const people = new Map<string, ImportProfile>();
  for (const item of input.items) {
    if ('error' in item) {
      counts.failed++;
      counts.errors.push(item.error);
    } else {
      // the same person twice in a batch: the later record wins, the earlier counts as unchanged
      if (people.has(item.profile.external_id)) counts.unchanged++;
      people.set(item.profile.external_id, item.profile);
    }
  }
  const persons = [...people.values()];
  const byExternalId = new Map<string, ImportCompany>();
  for (const person of persons)
    for (const job of person.jobs) if (job.company?.external_id) byExternalId.set(job.company.external_id, job.company);
  const [{ ids: companyIds, toWrite: companies }, stored] = persons.length
    ? await Promise.all([
        readCompanies(db, companyRows(byExternalId.values()), input.dataSourceId),
        readStored(
          db,
          persons.map((p) => p.external_id),
          false,
        ),
      ])
    : [{ ids: new Map<string, number>(), toWrite: [] }, new Map<string, StoredProfile>()];
  // only people whose record changed (or whose annotation is old or another annotator's) are annotated
  const annotator = { name: input.annotator.name, model: input.annotator.model };
  const kept = await mapInSlices(persons, (person) =>
    annotationStillHolds(person, storedLists(person, companyIds), stored.get(person.external_id), annotator),
  );
  const fresh = persons.filter((_, i) => !kept[i]);
  const made = fresh.length ? await input.annotator.annotate(fresh, input.signal) : [];
  let next = 0;
  const annotations: AnnotatedPerson[] = kept.map((annotation) =>
    annotation ? { annotation, annotator: annotator.name, model: annotator.model } : made[next++],
  );
  const at = new Date().toISOString();
  const prepared = { input, counts, persons, annotations, at, companies, companyIds, stored };
  return { ...prepared, plan: await planBatch(prepared, companyIds, stored) };
}

/**
 * Writes a prepared batch in one transaction, as planned when the locked rows did not move since;
 * otherwise planned again on them. (An annotation kept from the stored row stays right: it is the
 * annotator's for the very record being written, whoever wrote the row since.)
 */
export async function writeBatch(db: Kysely<Database>, prepared: PreparedBatch, commit?: Commit): Promise<BatchCounts> {
  const { input, persons } = prepared;
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(async (trx) => {
        const outcome = { ...prepared.counts, errors: [...prepared.counts.errors] };
        if (persons.length) {
          // a crash may lose the last commits, never half of one: the checkpoint is in the same
          // transaction, so the retrieval resumes before them
          await sql`SET LOCAL synchronous_commit = off`.execute(trx);
          const written = await upsertCompanies(trx, prepared.companies, input.dataSourceId);
          const companyIds = new Map([...prepared.companyIds, ...written]);
          const versions = await lockVersions(
            trx,
            persons.map((p) => p.external_id),
          );
          const plan =
            sameVersions(versions, prepared.stored) && sameCompanies(written, prepared.companyIds)
              ? prepared.plan
              : await planBatch(
                  prepared,
                  companyIds,
                  await readStored(
                    trx,
                    persons.map((p) => p.external_id),
                    true,
                  ),
                );
          outcome.created += plan.created;
          outcome.updated += plan.updated;
          outcome.unchanged += persons.length - plan.created - plan.updated;
          if (plan.newProfiles) await insertProfiles(trx, plan.newProfiles, plan.batchProvenance, input.dataSourceId, input.executionId);
          if (plan.changedProfiles) await updateProfiles(trx, plan.changedProfiles, input.dataSourceId);
          if (plan.details) await upsertDetails(trx, plan.details);
          if (plan.changes) await insertChanges(trx, plan.changes, input.executionId);
        }
        await commit?.(trx, outcome);
        return outcome;
      });
    } catch (error) {
      // another retrieval inserted one of these people meanwhile, or locked the same rows: again
      // (the stored rows moved, so the batch is planned again inside the transaction)
      const code = (error as { code?: string }).code;
      if ((code === '23505' || code === '40P01') && attempt < 3) continue;
      throw error;
    }
  }
}

/** whether the companies written have the ids the batch was planned with (a new one has none yet) */
function sameCompanies(written: Map<string, number>, planned: Map<string, number>): boolean {
  for (const [externalId, id] of written) if (planned.get(externalId) !== id) return false;
  return true;
}

function sameVersions(now: Map<string, string>, planned: Map<string, StoredProfile>): boolean {
  if (now.size !== planned.size) return false;
  for (const [externalId, version] of now) if (planned.get(externalId)?.version !== version) return false;
  return true;
}

async function planBatch(
  batch: Omit<PreparedBatch, 'plan'>,
  companyIds: Map<string, number>,
  stored: Map<string, StoredProfile>,
): Promise<BatchPlan> {
  const { persons, annotations, input, at } = batch;
  const plans = await mapInSlices(persons, (person, i) => ({
    person,
    stored: stored.get(person.external_id),
    plan: planPerson(
      person,
      annotations[i].annotation,
      { name: annotations[i].annotator, model: annotations[i].model },
      storedLists(person, companyIds),
      stored.get(person.external_id),
      input.dataSourceId,
      at,
    ),
  }));
  const created = plans.filter(({ plan }) => plan.changes === null);
  const changed = plans.filter(({ plan }) => plan.changes !== null && plan.changes.length > 0);
  // a new person annotated wholly by the batch's annotator has the batch's provenance on every
  // field: sent once for the batch rather than once per person
  const batchProvenance = Object.fromEntries(
    ANNOTATION_FIELDS.map((field) => [field, { annotator: input.annotator.name, model: input.annotator.model, at }]),
  );
  const byBatch = (provenance: Record<string, AnnotationProvenance>) =>
    ANNOTATION_FIELDS.every((field) => {
      const p = provenance[field];
      return (
        p &&
        p.annotator === input.annotator.name &&
        p.model === input.annotator.model &&
        p.at === at &&
        !p.corrected_by &&
        Object.keys(p).length === 3
      );
    });
  const newProfiles: NewProfileRow[] = created.map(({ person, plan }) => ({
    external_id: person.external_id,
    ...plan.values,
    annotation_provenance: byBatch(plan.provenance) ? null : plan.provenance,
    ...plan.lists,
  }));
  const changedProfiles: ChangedProfileRow[] = changed.map(({ stored, plan }) => ({
    id: stored!.id,
    ...plan.values,
    annotation_provenance: plan.provenance,
  }));
  const details: DetailRow[] = changed
    .filter(({ plan }) => plan.listsChanged)
    .map(({ stored, plan }) => ({ profile_id: stored!.id, ...plan.lists }));
  const changes: ChangeRow[] = changed.flatMap(({ stored, plan }) =>
    (plan as PersonPlan).changes!.map((change) => ({ profile_id: stored!.id, ...change })),
  );
  const serialized = async <Row>(rows: Row[]) => (rows.length ? ((await stringifyInSlices(rows)) as RowsJson<Row>) : null);
  return {
    created: created.length,
    updated: changed.length,
    batchProvenance: JSON.stringify(batchProvenance),
    newProfiles: await serialized(newProfiles),
    changedProfiles: await serialized(changedProfiles),
    details: await serialized(details),
    changes: await serialized(changes),
  };
}
