// The account calls' audit entries (issue 19): a password changed or reset, sessions ended. The
// account routes (server/entities/auth) call `auditedAccountWrite` around their writes; a
// password is never written to the log, only that it changed.
import type { Kysely } from 'kysely';
import { AUDIT_MASK, type AuditAction } from '../../types/api';
import type { Database } from '../db/schema';
import { audited } from './audited';
import type { AuditChanges } from './changes';
import type { AuditActor } from './record';

/** What a password change records: that it changed, masked on both sides. */
export const PASSWORD_CHANGED: AuditChanges = { password: { before: AUDIT_MASK, after: AUDIT_MASK } };

/** What ending sessions records: how many ended. */
export const sessionsEnded = (ended: number): AuditChanges => ({ sessions_ended: { before: null, after: ended } });

/**
 * Runs `write` (its statements on `trx`) in one transaction with the entry of `action` on
 * `user`'s account ('users', the user's e-mail as the object), by `actor` (the user themselves
 * when signed in or holding a reset code). `changes` says what changed, from the write's result.
 */
export function auditedAccountWrite<T>(
  db: Kysely<Database>,
  actor: AuditActor,
  user: { id: number; email: string },
  action: Extract<AuditAction, 'password' | 'sessions' | 'activation' | 'settings'>,
  write: (trx: Kysely<Database>) => Promise<T>,
  changes: (result: T) => AuditChanges,
): Promise<T> {
  return audited(db, actor, async (trx, trail) => {
    const result = await write(trx);
    trail.add({ action, entity: 'users', object_id: user.id, object_repr: user.email, changes: changes(result) });
    return result;
  });
}
