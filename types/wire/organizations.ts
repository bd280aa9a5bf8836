// Organizations (SPEC §3 Organization): written as a name plus a list of user ids.
import { Type } from 'typebox';
import { DateTime, IdList, Nullable, RequiredText } from '../schema';

/** A user as listed inside an organization. */
export const OrganizationMemberSchema = Type.Object({
  id: Type.Integer(),
  external_id: Nullable(Type.String()),
  first_name: Type.String(),
  last_name: Type.String(),
  email: Type.String(),
  date_joined: DateTime,
});

export const OrganizationSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  users: Type.Array(OrganizationMemberSchema),
  created_at: DateTime,
  updated_at: DateTime,
});

/** Body of POST /organizations/ and PUT /organizations/{id}/ (PATCH: any of them). */
export const OrganizationWriteSchema = Type.Object({ name: RequiredText(255), users: Type.Optional(IdList) });
