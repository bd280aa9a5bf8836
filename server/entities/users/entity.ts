// The users' administration, staff only, and the signed-in user (SPEC §7 Authentication and users).
import { DetailSchema, errors } from '../../../types/schema';
import { CrowdsourcingRequestSchema, DigestSettingsSchema, UserIdRequestSchema, UserSchema } from '../../../types/wire/auth';
import { findUser, updateDigestSettings, updateUser, type CurrentUser, type UserRow } from '../../accounts/users';
import { revokeTokens } from '../../accounts/tokens';
import { defineEntity } from '../../http/crud';
import { fieldError } from '../../errors';
import { DEFAULT_ENTITIES_QUEUE } from '../../accounts/default-entities';
import { knownTimeZone } from '../../signals/delivery/digest-clock';
import { toUser } from './repository';
import { auditedObjectWrite } from '../../audit/audited';
import { insertAuditEntries } from '../../audit/record';
import type { AuditAction, User } from '../../../types/api';

const staff = { access: 'staff' as const };
const tags = ['users'];

export const users = defineEntity({
  path: 'users',
  table: 'app_user',
  item: UserSchema,
  access: 'staff',
  summary: 'Users; search on names and e-mail',
  list: {
    ordering: {
      // case-insensitive like e-mail: both databases collate "C", where 'Zoe' sorts before 'adam'
      first_name: 'lower(first_name)',
      last_name: 'lower(last_name)',
      email: 'lower(email)',
      date_joined: 'date_joined',
      is_crowdsourcing: 'is_crowdsourcing',
      is_active: 'is_active',
    },
    defaultOrdering: ['-date_joined'],
    search: ['first_name', 'last_name', 'email', "first_name || ' ' || last_name"],
  },
  rows: (db) => db.selectFrom('app_user').selectAll(),
  // a user reads as the e-mail they sign in with
  audit: { represent: (user) => user.email },
  toItems: async (_db, _viewer, rows: UserRow[]) => rows.map(toUser),

  routes(app) {
    app.get(
      '/users/me',
      {
        schema: { tags, summary: 'The signed-in user', response: { 200: UserSchema, ...errors(401) } },
      },
      async (request) => toUser(request.user),
    );

    app.put(
      '/users/me/settings',
      {
        // every signed-in user sets their own, although the users' administration is staff only
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'The signed-in user’s daily digest: time zone (IANA) and local hour',
          body: DigestSettingsSchema,
          response: { 200: UserSchema, ...errors(400, 401) },
        },
      },
      async (request) => {
        const timeZone = knownTimeZone(request.body.time_zone);
        if (!timeZone) throw fieldError('time_zone', `Unknown time zone "${request.body.time_zone}".`);
        const target = { entity: users, id: request.user.id, action: 'settings' as const };
        const { after } = await auditedObjectWrite(app.db, request.user, request.user, target, (trx) =>
          updateDigestSettings(trx, request.user.id, { time_zone: timeZone, digest_hour: request.body.digest_hour }),
        );
        return after as User;
      },
    );

    /** a staff action on one user: 400 naming user_id when the user does not exist */
    async function targetUser(userId: number) {
      const user = await findUser(app.db, userId);
      if (!user) throw fieldError('user_id', `Invalid pk "${userId}" - object does not exist.`);
      return user;
    }
    /** a staff change to a user, audited as `action` */
    const updated = async (request: { user: CurrentUser }, id: number, action: AuditAction, changes: Parameters<typeof updateUser>[2]) => {
      const { after } = await auditedObjectWrite(app.db, request.user, request.user, { entity: users, id, action }, (trx) =>
        updateUser(trx, id, changes),
      );
      return after as User;
    };

    app.post(
      '/users/crowdsourcing/',
      {
        config: staff,
        schema: {
          tags,
          summary: 'Set or unset the crowdsourcing status of a user',
          body: CrowdsourcingRequestSchema,
          response: { 200: UserSchema, ...errors(400, 401, 403) },
        },
      },
      async (request) =>
        updated(request, (await targetUser(request.body.user_id)).id, 'crowdsourcing', { is_crowdsourcing: request.body.is_crowdsourcing }),
    );

    app.post(
      '/users/crowdsourcing/entities/',
      {
        config: staff,
        schema: {
          tags,
          summary: 'Create, in the background, the default entities of a crowdsourcing user',
          body: UserIdRequestSchema,
          response: { 202: DetailSchema, ...errors(400, 401, 403) },
        },
      },
      async (request, reply) => {
        const user = await targetUser(request.body.user_id);
        if (!user.is_crowdsourcing) throw fieldError('user_id', 'This user is not a crowdsourcing user.');
        await app.jobs.send(DEFAULT_ENTITIES_QUEUE, { user_id: user.id });
        // what the job then creates is the system's; the request is the staff member's (recorded once
        // queued: on the embedded database the queue shares the connection a transaction would hold)
        await insertAuditEntries(app.db, request.user, [
          {
            action: 'crowdsourcing',
            entity: 'users',
            object_id: user.id,
            object_repr: user.email,
            changes: { default_entities: { before: null, after: 'requested' } },
          },
        ]);
        reply.status(202);
        return { detail: 'Default entity creation initiated.' };
      },
    );

    app.post(
      '/users/activate/',
      {
        config: staff,
        schema: { tags, summary: 'Activate a user', body: UserIdRequestSchema, response: { 200: UserSchema, ...errors(400, 401, 403) } },
      },
      async (request) => updated(request, (await targetUser(request.body.user_id)).id, 'activation', { is_active: true }),
    );

    app.post(
      '/users/de-activate/',
      {
        config: staff,
        schema: {
          tags,
          summary: 'De-activate a user (their sessions end); not oneself',
          body: UserIdRequestSchema,
          response: { 200: UserSchema, ...errors(400, 401, 403) },
        },
      },
      async (request) => {
        const user = await targetUser(request.body.user_id);
        if (user.id === request.user.id) throw fieldError('user_id', 'You cannot de-activate yourself.');
        const answer = await updated(request, user.id, 'activation', { is_active: false });
        // their sessions end: re-activating the account later must not revive them
        await revokeTokens(app.db, user.id);
        return answer;
      },
    );
  },
});
