// Profile lists (SPEC §3 Profile list): written as a name plus a list of profile ids.
import { Type } from 'typebox';
import { DateTime, IdList, RequiredText } from '../schema';

export const ProfileListMemberSchema = Type.Object({
  id: Type.Integer(),
  external_id: Type.String(),
  first_name: Type.String(),
  last_name: Type.String(),
});

export const ProfileListSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  profiles: Type.Array(ProfileListMemberSchema),
  created_at: DateTime,
  updated_at: DateTime,
});

export const ProfileListWriteSchema = Type.Object({ name: RequiredText(255), profiles: Type.Optional(IdList) });
