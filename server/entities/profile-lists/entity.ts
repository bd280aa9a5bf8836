// Profile lists, shared by their owner with the owner's organization colleagues (SPEC §7 Profile lists).
import { ProfileListSchema, ProfileListWriteSchema } from '../../../types/wire/profile-lists';
import { defineEntity } from '../../http/crud';
import { NAMED_COLLECTION_SEARCH_AND_SORT } from '../../db/list-page';
import { refuseUnknownIds } from '../../errors';
import { ownedByColleagues } from '../../db/visibility';
import { registerDefaultEntity } from '../../accounts/default-entities';
import { invisibleProfileIds } from '../profiles/repository';
import { createProfileList, ensurePersonalList, memberIds, updateProfileList, withProfiles, type ProfileListRow } from './repository';

// a crowdsourcing user starts with a list of their own
registerDefaultEntity('profile list', ensurePersonalList);

export const profileLists = defineEntity({
  path: 'profile-lists',
  table: 'profile_list',
  item: ProfileListSchema,
  list: NAMED_COLLECTION_SEARCH_AND_SORT,
  rows: (db, viewer) => ownedByColleagues(db.selectFrom('profile_list').selectAll(), viewer),
  toItems: (db, viewer, rows: ProfileListRow[]) => withProfiles(db, viewer, rows),
  writes: {
    body: ProfileListWriteSchema,
    // only profiles the caller may see can be put on a list
    check: async (db, viewer, body) => refuseUnknownIds('profiles', await invisibleProfileIds(db, viewer, body.profiles ?? [])),
    create: (db, viewer, body) => createProfileList(db, viewer.id, { name: body.name, profiles: body.profiles ?? [] }),
    async update(db, viewer, id, body) {
      // the caller replaces the members they see; those they may not see stay
      const hidden = body.profiles ? await invisibleProfileIds(db, viewer, await memberIds(db, id)) : [];
      await updateProfileList(db, id, { ...body, profiles: body.profiles && [...body.profiles, ...hidden] });
    },
  },
  deletable: true,
});
