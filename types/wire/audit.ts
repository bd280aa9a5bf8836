// The audit trail (issue 19): every write through the API, who made it, to what, and the fields
// it changed, before → after (secrets masked). Read-only for staff: GET /audit-log/ and its CSV.
import { Type } from 'typebox';
import { DateTime, Nullable } from '../schema';
import { OneOf } from './signals';

/** What a write did. `create`/`update`/`delete` for the generic calls (bulk calls record one
 * entry per item); the others name the call of SPEC they stand for. */
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'rating',
  'comment',
  'activation',
  'crowdsourcing',
  'set-public',
  'retrieval',
  'send',
  'cancel',
  'mute',
  'snooze',
  'relevance',
  'settings',
  'password',
  'sessions',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What the masked value of a secret field reads as, before and after. */
export const AUDIT_MASK = '••••••';

export const AuditChangeSchema = Type.Object({ before: Type.Unknown(), after: Type.Unknown() });

export const AuditEntrySchema = Type.Object({
  id: Type.Integer(),
  created_at: DateTime,
  /** who wrote: null for the system (a scheduled retrieval) or a signed link */
  user: Nullable(Type.Integer()),
  user_email: Nullable(Type.String()),
  action: OneOf(AUDIT_ACTIONS),
  /** the resource's path in the API and in the app: 'profiles', 'data-sources', 'users'… */
  entity: Type.String(),
  object_id: Nullable(Type.Integer()),
  /** how the object read when written (its recordRepresentation: a name, an email…) */
  object_repr: Type.String(),
  /** field → {before, after}; on create every field's before is null, on delete every after */
  changes: Type.Record(Type.String(), AuditChangeSchema),
  /** the object is still there (the app links to it while it is) */
  object_exists: Type.Boolean(),
});

/** The filters of GET /audit-log/ and of its CSV export (repeat a key for several values). */
export const AuditFilterSchema = {
  user: Type.Optional(Type.Array(Type.Integer({ minimum: 1, maximum: 2147483647 }), { maxItems: 200 })),
  entity: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 50 }), { maxItems: 50 })),
  action: Type.Optional(Type.Array(OneOf(AUDIT_ACTIONS), { maxItems: AUDIT_ACTIONS.length })),
  object_id: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 })),
  /** a time (ISO 8601) or a day (YYYY-MM-DD: from its start) */
  created_at__gte: Type.Optional(Type.String({ maxLength: 40 })),
  /** a time (ISO 8601) or a day (YYYY-MM-DD: to its end) */
  created_at__lte: Type.Optional(Type.String({ maxLength: 40 })),
};
