// The audited transaction (issue 19): a write through the API and its audit entries commit
// together or not at all — a write refused halfway (400, 409) leaves no entry, and no entry
// is ever missing for a write that happened. Routes run their statements on the `trx` given;
// entries collected meanwhile are inserted at the end, in one statement.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Viewer } from '../db/viewer';
import { findEntity, type EntityStore } from '../db/entity';
import { inTransaction } from '../db/transaction';
import { registerSecretBox, secretBoxOf } from '../accounts/secret-box';
import type { AuditAction } from '../../types/api';
import { itemChanges, represent, type AuditDeclaration } from './changes';
import { insertAuditEntries, type AuditActor, type AuditRecord } from './record';

export interface AuditTrail {
  /** an entry to write with the transaction */
  add(record: AuditRecord): void;
}

/** Runs `write` in one transaction with the entries it adds (`actor`: the signed-in user, or null). */
export async function audited<T>(
  db: Kysely<Database>,
  actor: AuditActor,
  write: (trx: Kysely<Database>, trail: AuditTrail) => Promise<T>,
): Promise<T> {
  return inTransaction(db, async (trx) => {
    // repositories find the server's SecretBox by their database handle: the transaction's too
    if (trx !== db) shareSecretBox(db, trx);
    const records: AuditRecord[] = [];
    const result = await write(trx, { add: (record) => records.push(record) });
    await insertAuditEntries(trx, actor, records);
    return result;
  });
}

function shareSecretBox(db: Kysely<Database>, trx: Kysely<Database>) {
  try {
    registerSecretBox(trx, secretBoxOf(db));
  } catch {
    // a database without one (a script): nothing sealed is written through it
  }
}

/** An entity as the audit reads it: its store, its path and its optional audit declaration. */
export interface AuditedEntity<Row extends { id: number } = { id: number }> extends EntityStore<Row, unknown, unknown, unknown> {
  path: string;
  audit?: AuditDeclaration;
}

/** The object as `viewer` reads it (the entity's detail), or undefined. */
export function snapshot(entity: AuditedEntity, db: Kysely<Database>, viewer: Viewer, id: number): Promise<unknown> {
  return findEntity(entity as EntityStore<{ id: number }, unknown, unknown, unknown>, db, viewer, id);
}

/** The item of a row already read (the detail's), without reading the row again. */
export async function itemOf<Row extends { id: number }>(
  entity: AuditedEntity<Row>,
  db: Kysely<Database>,
  viewer: Viewer,
  row: Row,
): Promise<unknown> {
  return entity.toDetail ? entity.toDetail(db, viewer, row) : (await entity.toItems(db, viewer, [row]))[0];
}

/** The entry of a write to one object of an entity, from its item before and after (undefined: absent). */
export function entityRecord(entity: AuditedEntity, action: AuditAction, id: number, before: unknown, after: unknown): AuditRecord {
  return {
    action,
    entity: entity.path,
    object_id: id,
    object_repr: represent(after ?? before, entity.audit),
    changes: itemChanges(before, after, entity.audit),
  };
}

/**
 * A write to one object of an entity, audited: its item is read before and after in the same
 * transaction, the entry holds what changed. Answers the write's result and the item after
 * (what the route answers, without reading it again).
 */
export async function auditedObjectWrite<T>(
  db: Kysely<Database>,
  actor: AuditActor,
  viewer: Viewer,
  target: { entity: AuditedEntity; id: number; action: AuditAction },
  write: (trx: Kysely<Database>) => Promise<T>,
): Promise<{ result: T; after: unknown }> {
  return audited(db, actor, async (trx, trail) => {
    const before = await snapshot(target.entity, trx, viewer, target.id);
    const result = await write(trx);
    const after = await snapshot(target.entity, trx, viewer, target.id);
    trail.add(entityRecord(target.entity, target.action, target.id, before, after));
    return { result, after };
  });
}
