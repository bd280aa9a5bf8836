// Saved searches of the profiles screen (SPEC §3 Saved search).
import { Type } from 'typebox';
import { DateTime, Nullable, RequiredText } from '../schema';
import { NotificationTypeSchema, PrioritySchema } from './signals';

export const SavedSearchSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  /** the query portion of the profiles screen address, without '?' */
  url: Type.String(),
  entity: Type.Literal('Profile'),
  created_at: DateTime,
  updated_at: DateTime,
  /** its new matches raise alerts to its owner (issue 18: saved-search alerts) */
  watched: Type.Boolean(),
  notification_type: NotificationTypeSchema,
  priority: PrioritySchema,
  /** when it was last switched to watched (null: not watched) */
  watched_at: Nullable(DateTime),
  /** when the first check after it was watched recorded who matched (null: not yet) */
  baseline_at: Nullable(DateTime),
  muted: Type.Boolean(),
  muted_at: Nullable(DateTime),
});

export const SavedSearchWriteSchema = Type.Object({
  name: RequiredText(255),
  url: Type.String({ maxLength: 4000 }),
  entity: Type.Optional(Type.Literal('Profile', { default: 'Profile' })),
  watched: Type.Optional(Type.Boolean()),
  notification_type: Type.Optional(NotificationTypeSchema),
  priority: Type.Optional(PrioritySchema),
});
