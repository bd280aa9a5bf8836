// Saved searches of the profiles screen (SPEC §3 Saved search).
import { Type } from 'typebox';
import { DateTime, RequiredText } from '../schema';

export const SavedSearchSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  /** the query portion of the profiles screen address, without '?' */
  url: Type.String(),
  entity: Type.Literal('Profile'),
  created_at: DateTime,
  updated_at: DateTime,
});

export const SavedSearchWriteSchema = Type.Object({
  name: RequiredText(255),
  url: Type.String({ maxLength: 4000 }),
  entity: Type.Optional(Type.Literal('Profile', { default: 'Profile' })),
});
